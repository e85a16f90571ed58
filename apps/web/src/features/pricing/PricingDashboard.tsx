/**
 * Pricing Dashboard: what needs the pricing team today — prices missing, under cost, under the margin
 * floor, advertised under MAP, above the market — how fresh the market is (offers seen, searches gone
 * quiet), and per caliber our cheapest cost per round against the market's. Every figure opens the
 * list it counts.
 */
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Anchor, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { REPRICE_ABOVE_MARKET_PCT, REPRICE_MARGIN_FLOOR_PCT, REPRICE_OFFER_MAX_AGE_HOURS, type PriceFlag } from '@qm/contracts';
import { formatCentsPerUnit, formatDate, formatInteger } from '../../lib/format';
import { DateTimeDisplay, NoValue } from '../../ui/displays';
import { Figure } from '../../ui/Figure';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyState, ErrorState, Spinner } from '../../ui/states';
import { TableHead } from '../../ui/TableHead';
import { usePricingSummary } from './api';

const CaliberChart = lazy(() => import('./parts/CaliberChart'));

const prices = (filters: Record<string, string>) =>
  `/pricing/store-variant?${new URLSearchParams({ 'filter[on_sale]': 'true', ...Object.fromEntries(Object.entries(filters).map(([k, v]) => [`filter[${k}]`, v])) }).toString()}`;

const FIGURES: { flag: PriceFlag; label: string; note: string; alert?: boolean }[] = [
  { flag: 'no_price', label: 'Not priced', note: 'On sale without a price', alert: true },
  { flag: 'below_cost', label: 'Below cost', note: 'Sold at a loss', alert: true },
  { flag: 'under_floor', label: 'Under the margin floor', note: `Less than ${REPRICE_MARGIN_FLOOR_PCT} % margin`, alert: true },
  { flag: 'map_violation', label: 'Advertised under MAP', note: 'No MAP gate hides the price, no MAP holiday lifts it', alert: true },
  { flag: 'above_market', label: 'Above market', note: `Over ${REPRICE_ABOVE_MARKET_PCT} % above the cheapest comparable offer per round` },
  { flag: 'below_market', label: 'Cheapest per round', note: 'At or under every comparable offer' },
  { flag: 'no_market', label: 'No comparable offers', note: 'No offer of the caliber and package size' },
  { flag: 'excluded', label: 'Excluded from repricing', note: 'Priced by hand' },
];

export default function PricingDashboard() {
  const summary = usePricingSummary();
  const hours = REPRICE_OFFER_MAX_AGE_HOURS;
  return (
    <Stack gap="md">
      <PageHeader description="Prices that need attention, how fresh the market is, and where we stand per caliber. Each figure opens the store variants it counts." />
      {summary.isPending ? <Spinner /> : null}
      {summary.isError ? <ErrorState error={summary.error} onRetry={() => void summary.refetch()} title="Could not load the pricing figures" /> : null}
      {summary.data ? (
        <>
          <section aria-labelledby="prices-heading">
            <Title order={2} size="h5" id="prices-heading" mb="xs">
              Prices of the {formatInteger(summary.data.store_variants)} store variants on sale
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
              {FIGURES.map((f) => (
                <Figure key={f.flag} label={f.label} value={summary.data.flags[f.flag]} href={prices({ flag: f.flag })} note={f.note} alert={f.alert} />
              ))}
            </SimpleGrid>
            {summary.data.map_holidays_on.length ? (
              <Paper withBorder radius="sm" mt="sm" p="sm">
                <Text size="sm" fw={600} mb={4}>
                  MAP lifted today{' '}
                  <Anchor component={Link} to="/map-holiday?filter%5Bstatus%5D=on" size="xs" fw={400} underline="always">
                    MAP holidays
                  </Anchor>
                </Text>
                <Stack gap={2}>
                  {summary.data.map_holidays_on.map((h) => (
                    <Text key={h.id} size="sm">
                      <Anchor component={Link} to={prices({ brand_id: String(h.brand_id), ...(h.store_id === null ? {} : { store_id: String(h.store_id) }) })} size="sm" underline="always">
                        {h.brand_name}
                      </Anchor>{' '}
                      <Text span c="dimmed" size="xs">
                        {h.store_name ?? 'every store'}, through {formatDate(h.ends_on)}
                      </Text>
                    </Text>
                  ))}
                </Stack>
              </Paper>
            ) : null}
          </section>
          <section aria-labelledby="market-heading">
            <Title order={2} size="h5" id="market-heading" mb="xs">
              The market
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
              <Figure label={`Offers seen in ${hours} hours`} value={summary.data.offers_recent} href="/competitor-offer?sort=-seen_at" note="What suggestions compare with" />
              <Figure label="From ignored competitors" value={summary.data.offers_ignored} href="/competitor-offer?filter%5Bblacklisted%5D=true" note="On the blacklist: left out" />
              <Figure label="Searches watched" value={summary.data.searches_active} href="/target-url?filter%5Bis_active%5D=true" note={summary.data.searches_stale.length ? `${formatInteger(summary.data.searches_stale.length)} with no offer in ${hours} hours` : 'Every one seen recently'} alert={false} />
            </SimpleGrid>
            {summary.data.searches_stale.length ? (
              <Paper withBorder radius="sm" mt="sm" p="sm">
                <Text size="sm" fw={600} mb={4}>
                  Searches with no offer in {hours} hours
                </Text>
                <Stack gap={2}>
                  {summary.data.searches_stale.map((s) => (
                    <Text key={s.id} size="sm">
                      <Anchor component={Link} to={`/competitor-offer?filter%5Btarget_url_id%5D=${s.id}`}>
                        {s.name}
                      </Anchor>{' '}
                      <Text span c="dimmed" size="xs">
                        last offer {s.last_seen_at ? <DateTimeDisplay value={s.last_seen_at} /> : 'never'}
                      </Text>
                    </Text>
                  ))}
                </Stack>
              </Paper>
            ) : null}
          </section>
          <Paper withBorder radius="sm">
            <Title order={2} size="h5" px="sm" pt="xs">
              Per caliber: our cheapest cost per round against the market
            </Title>
            {summary.data.calibers.length === 0 ? (
              <EmptyState title="No priced ammunition on sale" />
            ) : (
              <>
                <Suspense fallback={<Skeleton h={260} m="sm" />}>
                  <div style={{ padding: 'var(--mantine-spacing-sm)' }}>
                    <CaliberChart calibers={summary.data.calibers} />
                  </div>
                </Suspense>
                <Table striped verticalSpacing={5} fz="sm" aria-label="Calibers against the market">
                  <TableHead cells={['Caliber', { label: 'Store variants', ta: 'right' }, { label: 'Our cheapest', ta: 'right' }, { label: 'Market', ta: 'right' }, { label: 'Above market', ta: 'right' }]} />
                  <Table.Tbody>
                    {summary.data.calibers.map((c) => (
                      <Table.Tr key={c.caliber}>
                        <Table.Td>
                          <Anchor component={Link} to={prices({ caliber: c.caliber })} size="sm">
                            {c.caliber}
                          </Anchor>
                        </Table.Td>
                        <Table.Td ta="right">{formatInteger(c.store_variants)}</Table.Td>
                        <Table.Td ta="right">{formatCentsPerUnit(c.our_cpr_cents)}</Table.Td>
                        <Table.Td ta="right">{c.market_cpr_cents === null ? <NoValue /> : formatCentsPerUnit(c.market_cpr_cents)}</Table.Td>
                        <Table.Td ta="right">
                          {c.above_market ? (
                            <Anchor component={Link} to={prices({ caliber: c.caliber, flag: 'above_market' })} size="sm">
                              {formatInteger(c.above_market)}
                            </Anchor>
                          ) : (
                            '0'
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </>
            )}
          </Paper>
        </>
      ) : null}
    </Stack>
  );
}
