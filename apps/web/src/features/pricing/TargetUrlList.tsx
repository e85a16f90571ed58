/** Target URLs (Pricing): the comparison-site searches the pricing team watches for competitors' offers. */
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { COMPETITOR_OFFER_CATEGORY_LABELS, TARGET_DESTINATION_LABELS, TARGET_URL_LIST, TargetUrlCreate, TargetUrlUpdate, type TargetUrl } from '@qm/contracts';
import { formatInteger } from '../../lib/format';
import { CrudScreen } from '../../ui/CrudScreen';
import { BooleanBadge, DateTimeDisplay, NoValue } from '../../ui/displays';
import { SelectField, SwitchField, TextAreaField, TextField } from '../../ui/fields';
import type { Column } from '../../ui/ResourceList';
import { idColumn, updatedColumn } from '../../ui/columns';
import { targetUrls } from './api';
import { categoryOptions, destinationOptions, roundGroupOptions, searchRatingOptions } from './parts/options';

const columns: Column<TargetUrl>[] = [
  idColumn({ defaultVisible: false }),
  { key: 'name', header: 'Name', render: (u) => <Text size="sm" fw={500} className="qm-cell-text">{u.name}</Text> },
  { key: 'destination', header: 'Site', render: (u) => TARGET_DESTINATION_LABELS[u.destination] },
  { key: 'category', header: 'Category', render: (u) => COMPETITOR_OFFER_CATEGORY_LABELS[u.category] },
  { key: 'caliber', header: 'Caliber', render: (u) => u.caliber ?? <NoValue /> },
  { key: 'ship_rating', header: 'Shipping', render: (u) => u.ship_rating ?? <NoValue /> },
  { key: 'round_group', header: 'Rounds', render: (u) => u.round_group ?? <NoValue /> },
  {
    key: 'offer_count',
    header: 'Offers',
    align: 'right',
    render: (u) =>
      u.offer_count ? (
        <Anchor component={Link} to={`/competitor-offer?filter[target_url_id]=${u.id}`} size="sm" onClick={(e) => e.stopPropagation()}>
          {formatInteger(u.offer_count)}
        </Anchor>
      ) : (
        '0'
      ),
  },
  { key: 'last_seen_at', header: 'Last offer', render: (u) => <DateTimeDisplay value={u.last_seen_at} /> },
  { key: 'is_active', header: 'Status', render: (u) => <BooleanBadge value={u.is_active} trueLabel="Watched" falseLabel="Paused" /> },
  { key: 'url', header: 'URL', defaultVisible: false, render: (u) => <Text size="xs" className="qm-cell-text">{u.url}</Text> },
  updatedColumn({ defaultVisible: false }),
];

const values = (u: TargetUrl) => ({
  name: u.name,
  destination: u.destination,
  category: u.category,
  caliber: u.caliber ?? '',
  ship_rating: u.ship_rating,
  round_group: u.round_group,
  url: u.url,
  is_active: u.is_active,
  notes: u.notes ?? '',
  version: u.version,
});

export default function TargetUrlList() {
  return (
    <CrudScreen<TargetUrl, typeof TargetUrlCreate, typeof TargetUrlUpdate>
      description="The comparison-site searches we watch: the competitors' offers seen there are what pricing compares our prices with. A paused search is kept with its offers."
      resource={targetUrls}
      noun={{ one: 'target URL', many: 'target URLs' }}
      writePermission="pricing.write"
      list={{
        fields: TARGET_URL_LIST,
        columns,
        defaultSort: 'name',
        searchPlaceholder: 'Search by name, caliber or URL',
        exportCsv: true,
        filters: [
          { kind: 'select', key: 'destination', label: 'Site', options: destinationOptions },
          { kind: 'select', key: 'category', label: 'Category', options: categoryOptions },
          { kind: 'boolean', key: 'is_active', label: 'Status', trueLabel: 'Watched', falseLabel: 'Paused' },
        ],
      }}
      create={{ schema: TargetUrlCreate, defaults: { name: '', destination: 'ammoseek', category: 'handgun', caliber: '', ship_rating: null, round_group: null, url: '', is_active: true, notes: '' } }}
      update={{ schema: TargetUrlUpdate, values }}
      formSize="lg"
      fields={() => (
        <>
          <TextField name="name" label="Name" required autoFocus placeholder="e.g. 9mm Luger — bulk" />
          <SelectField name="destination" label="Site" required options={destinationOptions} />
          <SelectField name="category" label="Category" required options={categoryOptions} />
          <TextField name="caliber" label="Caliber or gauge" placeholder="e.g. 9mm Luger" />
          <SelectField name="ship_rating" label="Shipping" clearable options={searchRatingOptions} description="The site's shipping filter on this search, if any." />
          <SelectField name="round_group" label="Rounds per package" clearable options={roundGroupOptions} />
          <TextField name="url" label="Search URL" type="url" required placeholder="https://ammoseek.com/ammo/9mm-luger" />
          <SwitchField name="is_active" label="Watched (paused searches keep their offers)" />
          <TextAreaField name="notes" label="Notes" rows={2} />
        </>
      )}
    />
  );
}
