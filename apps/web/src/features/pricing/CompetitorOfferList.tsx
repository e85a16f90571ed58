/**
 * Competitor Offers (Pricing): what competitors offered on the searches we watch — price, rounds,
 * cost per round (what shoppers compare), shipping rating and stock — cheapest per round first.
 * Offers of a blacklisted competitor stay listed, marked as ignored.
 */
import { Anchor, Text } from '@mantine/core';
import { COMPETITOR_OFFER_CATEGORY_LABELS, COMPETITOR_OFFER_LIST, CompetitorOfferCreate, CompetitorOfferUpdate, OFFER_SHIP_RATING_LABELS, type CompetitorOffer } from '@qm/contracts';
import { formatCentsPerUnit, formatInteger } from '../../lib/format';
import { useResourceList } from '../../lib/resource';
import { CrudScreen } from '../../ui/CrudScreen';
import { BooleanBadge, DateTimeDisplay, MoneyDisplay, NoValue } from '../../ui/displays';
import { IntegerField, MoneyField, SelectField, SwitchField, TextField } from '../../ui/fields';
import type { Column } from '../../ui/ResourceList';
import { idColumn, updatedColumn } from '../../ui/columns';
import { competitorOffers, targetUrls } from './api';
import { CompetitorName } from './parts/CompetitorName';
import { categoryOptions, offerRatingOptions, roundGroupOptions } from './parts/options';


const columns: Column<CompetitorOffer>[] = [
  idColumn({ defaultVisible: false }),
  {
    key: 'competitor',
    header: 'Competitor',
    render: (o) => <CompetitorName name={o.competitor} blacklisted={o.blacklisted} />,
  },
  {
    key: 'title',
    header: 'Offer',
    render: (o) =>
      o.url ? (
        <Anchor href={o.url} target="_blank" rel="noreferrer noopener" size="sm" className="qm-cell-text" onClick={(e) => e.stopPropagation()}>
          {o.title}
        </Anchor>
      ) : (
        <Text size="sm" className="qm-cell-text">{o.title}</Text>
      ),
  },
  { key: 'category', header: 'Category', defaultVisible: false, render: (o) => COMPETITOR_OFFER_CATEGORY_LABELS[o.category] },
  { key: 'caliber', header: 'Caliber', render: (o) => o.caliber ?? <NoValue /> },
  { key: 'rounds', header: 'Rounds', align: 'right', render: (o) => formatInteger(o.rounds) },
  { key: 'price_cents', header: 'Price', align: 'right', render: (o) => <MoneyDisplay cents={o.price_cents} /> },
  { key: 'cpr_cents', header: 'Per round', align: 'right', render: (o) => <Text size="sm" fw={600}>{formatCentsPerUnit(o.cpr_cents)}</Text> },
  { key: 'round_group', header: 'Round group', defaultVisible: false },
  { key: 'ship_rating', header: 'Shipping', render: (o) => (o.ship_rating ? OFFER_SHIP_RATING_LABELS[o.ship_rating] : <NoValue />) },
  { key: 'in_stock', header: 'Stock', render: (o) => <BooleanBadge value={o.in_stock} trueLabel="In stock" falseLabel="Out of stock" /> },
  { key: 'target_url_name', header: 'Search', defaultVisible: false, render: (o) => o.target_url_name ?? <NoValue /> },
  { key: 'seen_at', header: 'Seen', render: (o) => <DateTimeDisplay value={o.seen_at} stacked /> },
  updatedColumn({ defaultVisible: false }),
];

const values = (o: CompetitorOffer) => ({
  target_url_id: o.target_url_id,
  competitor: o.competitor,
  title: o.title,
  url: o.url ?? '',
  category: o.category,
  caliber: o.caliber ?? '',
  ship_rating: o.ship_rating,
  rounds: o.rounds,
  price_cents: o.price_cents,
  in_stock: o.in_stock,
  version: o.version,
});

export default function CompetitorOfferList() {
  const searches = useResourceList(targetUrls, 'all');
  const searchOptions = (searches.data?.data ?? []).map((u) => ({ value: String(u.id), label: u.name }));
  return (
    <CrudScreen<CompetitorOffer, typeof CompetitorOfferCreate, typeof CompetitorOfferUpdate>
      description="What competitors offer on the searches we watch, cheapest per round first. Cost per round is price ÷ rounds, shipping left out (the comparison sites rate shipping apart). Offers of a blacklisted competitor are marked Ignored."
      resource={competitorOffers}
      noun={{ one: 'competitor offer', many: 'competitor offers' }}
      nameOf={(o) => `${o.competitor}: ${o.title}`}
      writePermission="pricing.write"
      list={{
        fields: COMPETITOR_OFFER_LIST,
        columns,
        defaultSort: 'cpr_cents',
        searchPlaceholder: 'Search by competitor or offer',
        exportCsv: true,
        filters: [
          { kind: 'select', key: 'category', label: 'Category', options: categoryOptions },
          { kind: 'select', key: 'round_group', label: 'Round group', options: roundGroupOptions },
          { kind: 'select', key: 'ship_rating', label: 'Shipping', options: offerRatingOptions },
          { kind: 'select', key: 'target_url_id', label: 'Watched search', options: searchOptions, loading: searches.isLoading, width: 220 },
          { kind: 'boolean', key: 'in_stock', label: 'Stock', trueLabel: 'In stock', falseLabel: 'Out of stock' },
          { kind: 'boolean', key: 'blacklisted', label: 'Competitor', trueLabel: 'Ignored (blacklisted)', falseLabel: 'Not blacklisted' },
        ],
      }}
      create={{
        schema: CompetitorOfferCreate,
        defaults: { target_url_id: null, competitor: '', title: '', url: '', category: 'handgun', caliber: '', ship_rating: null, rounds: 50, in_stock: true },
      }}
      update={{ schema: CompetitorOfferUpdate, values }}
      formSize="lg"
      fields={() => (
        <>
          <TextField name="competitor" label="Competitor" required autoFocus />
          <TextField name="title" label="Offer" required placeholder="e.g. Federal American Eagle 9mm 115gr FMJ, 1000 rounds" />
          <SelectField name="category" label="Category" required options={categoryOptions} />
          <TextField name="caliber" label="Caliber or gauge" />
          <IntegerField name="rounds" label="Rounds (or shells) in the package" required min={1} />
          <MoneyField name="price_cents" label="Price" required />
          <SelectField name="ship_rating" label="Shipping rating" clearable options={offerRatingOptions} />
          <SwitchField name="in_stock" label="In stock" />
          <SelectField name="target_url_id" label="Seen on the search" clearable numeric options={searchOptions} />
          <TextField name="url" label="Offer URL" type="url" placeholder="https://…" />
        </>
      )}
    />
  );
}
