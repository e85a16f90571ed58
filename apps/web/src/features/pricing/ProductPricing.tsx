/**
 * Product Pricing: one product's prices on every store (its variants, cost, margin, MAP, the market and
 * repricing's suggestion) beside the competitor offers its caliber is compared with. The product is in
 * the URL (`?product=12`), so a view can be shared.
 */
import { Anchor, Group, Paper, Stack, Table, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { OFFER_SHIP_RATING_LABELS, type CompetitorOffer, type StoreVariantPrice } from '@qm/contracts';
import { formatCents, formatCentsPerUnit, formatInteger } from '../../lib/format';
import { useResourceSearch } from '../../lib/resource';
import { DateTimeDisplay, Fact, NoValue } from '../../ui/displays';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyState, ErrorState, Spinner } from '../../ui/states';
import { TableHead } from '../../ui/TableHead';
import { ProductSearchSelect } from '../catalog/parts/ProductSearchSelect';
import { competitorOffers, storeVariantPrices } from './api';
import { CompetitorName } from './parts/CompetitorName';
import { PriceList, REPRICING_NOTE } from './parts/PriceList';

export default function ProductPricing() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('product');
  const productId = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  // a new product: the list's state (page, filters) belonged to the one shown before
  const pick = (id: number) => setParams(new URLSearchParams({ product: String(id) }));
  return (
    <Stack gap="md">
      <PageHeader description={`One product's prices on every store against the market for its caliber. ${REPRICING_NOTE}`} actions={<ProductSearchSelect label="Choose a product" placeholder="Choose a product: title or SKU" onPick={(p) => pick(p.id)} />} />
      {productId === null ? (
        <Paper withBorder radius="sm">
          <EmptyState title="Choose a product">Find it by title or SKU above; its prices on every store and the offers they compare with show here.</EmptyState>
        </Paper>
      ) : (
        <ProductPrices productId={productId} />
      )}
    </Stack>
  );
}

function ProductPrices({ productId }: { productId: number }) {
  const rows = useResourceSearch<StoreVariantPrice>(storeVariantPrices, 'product', { 'filter[product_id]': productId, per_page: 100, sort: 'sku' });
  if (rows.isPending) return <Spinner />;
  if (rows.isError) return <ErrorState error={rows.error} onRetry={() => void rows.refetch()} title="Could not load the product's prices" />;
  const all = rows.data.data;
  const first = all[0];
  if (!first)
    return (
      <Paper withBorder radius="sm">
        <EmptyState title="Not on any store">This product has no store variants: add it to a store in the product editor to price it.</EmptyState>
      </Paper>
    );
  const calibers = [...new Set(all.map((r) => r.caliber).filter((c): c is string => c !== null))];
  const priced = all.filter((r) => r.price_cents !== null);
  return (
    <Stack gap="md">
      <Paper withBorder radius="sm" p="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h4">
              {first.product_title ?? `Product #${first.product_id}`}
            </Title>
            <Anchor component={Link} to={`/product/${first.product_id}`} size="sm">
              Open in the product editor
            </Anchor>
          </Stack>
          <Group gap="xl">
            <Fact label="Caliber">{calibers.join(', ') || <NoValue />}</Fact>
            <Fact label="Store variants">{formatInteger(all.length)}</Fact>
            <Fact label="Prices">{priced.length ? `${formatCents(Math.min(...priced.map((r) => r.price_cents!)))} – ${formatCents(Math.max(...priced.map((r) => r.price_cents!)))}` : <NoValue />}</Fact>
            <Fact label="Flagged">{formatInteger(all.filter((r) => r.flags.some((f) => f !== 'below_market' && f !== 'no_market')).length)}</Fact>
          </Group>
        </Group>
      </Paper>
      <section aria-labelledby="prices-title">
        <Title order={2} size="h5" id="prices-title" mb="xs">
          Prices on the stores
        </Title>
        <PriceList embedded fixedFilters={{ product_id: String(productId) }} />
      </section>
      {calibers.map((c) => (
        <ComparableOffers key={c} caliber={c} />
      ))}
    </Stack>
  );
}

/** The in-stock competitor offers of a caliber, cheapest per round first (the market the suggestions read, before its age and package-size filters). */
function ComparableOffers({ caliber }: { caliber: string }) {
  const offers = useResourceSearch<CompetitorOffer>(competitorOffers, 'caliber', { 'filter[caliber]': caliber, 'filter[in_stock]': 'true', sort: 'cpr_cents', per_page: 12 });
  const title = `Competitor offers for ${caliber}`;
  return (
    <Paper withBorder radius="sm">
      <Group justify="space-between" px="sm" py="xs">
        <Title order={2} size="h5">
          {title}
        </Title>
        <Anchor component={Link} to={`/competitor-offer?filter%5Bcaliber%5D=${encodeURIComponent(caliber)}&sort=cpr_cents`} size="sm">
          All offers
        </Anchor>
      </Group>
      {offers.isPending ? (
        <Spinner />
      ) : offers.isError ? (
        <ErrorState error={offers.error} onRetry={() => void offers.refetch()} />
      ) : offers.data.data.length === 0 ? (
        <EmptyState title="No offer in stock">{`No competitor offer for ${caliber} is in stock: suggestions hold the current prices.`}</EmptyState>
      ) : (
        <Table striped verticalSpacing={5} fz="sm" aria-label={title}>
          <TableHead cells={['Competitor', 'Offer', { label: 'Rounds', ta: 'right' }, { label: 'Price', ta: 'right' }, { label: 'Per round', ta: 'right' }, 'Shipping', 'Seen']} />
          <Table.Tbody>
            {offers.data.data.map((o) => (
              <Table.Tr key={o.id}>
                <Table.Td>
                  <CompetitorName name={o.competitor} blacklisted={o.blacklisted} />
                </Table.Td>
                <Table.Td>{o.title}</Table.Td>
                <Table.Td ta="right">{formatInteger(o.rounds)}</Table.Td>
                <Table.Td ta="right">{formatCents(o.price_cents)}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatCentsPerUnit(o.cpr_cents)}
                </Table.Td>
                <Table.Td>{o.ship_rating ? OFFER_SHIP_RATING_LABELS[o.ship_rating] : <NoValue />}</Table.Td>
                <Table.Td>
                  <DateTimeDisplay value={o.seen_at} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
