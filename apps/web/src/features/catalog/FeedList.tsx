/**
 * Feeds (Stores & Feeds): each store's feeds to comparison-shopping destinations — target destination,
 * frequency, enabled, and the rule "leave out restricted items" — and, per feed, its report of the
 * items it carries but leaves out, with why (`?left-out=<feed id>` opens it).
 */
import { Anchor, Button, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { FEED_FILE_FORMAT_LABELS, FEED_LIST, FeedCreate, FeedUpdate, TARGET_DESTINATIONS, TARGET_DESTINATION_LABELS as DESTINATION_LABELS, type Feed } from '@qm/contracts';
import { useSearchParams } from 'react-router';
import { formatDateTime, formatInteger } from '../../lib/format';
import { useStoreOptions } from '../../lib/lookups';
import { CrudScreen } from '../../ui/CrudScreen';
import { BooleanBadge, Stacked } from '../../ui/displays';
import { SelectField, SwitchField, TextField } from '../../ui/fields';
import type { Column } from '../../ui/ResourceList';
import { idColumn } from '../../ui/columns';
import { feeds } from './api';
import { FeedFileDialog } from './parts/FeedFile';
import { FeedLayoutFields } from './parts/FeedLayoutFields';
import { FeedLeftOutDrawer } from './parts/FeedLeftOut';

const FREQUENCY_LABELS: Record<number, string> = { 24: 'Daily', 168: 'Weekly' };

/** The feed's file: what its last build carried, the cell itself opening the file's dialog. */
function fileColumn(open: (f: Feed) => void): Column<Feed> {
  return {
    key: 'built_at',
    header: 'File',
    render: (f) => {
      const text = f.built_at ? `${formatInteger(f.built_items)} in · ${formatInteger(f.built_left_out)} out` : 'Not built';
      return (
        <Anchor
          component="button"
          size="sm"
          // the row's own click opens the editor
          onClick={(e) => {
            e.stopPropagation();
            open(f);
          }}
          onKeyDown={(e) => e.stopPropagation()}
          aria-label={`${text}: file of ${f.name}`}
          title={f.built_at ? `Built ${formatDateTime(f.built_at)}` : undefined}
        >
          {text}
        </Anchor>
      );
    },
  };
}

const columns: Column<Feed>[] = [
  idColumn(),
  {
    key: 'name',
    header: 'Name',
    // The store under the name (its own column can be shown from the columns menu).
    render: (f) => (
      <Stacked note={f.store_name} noteTitle="Store">
        <Text size="sm" fw={500} className="qm-cell-text">{f.name}</Text>
      </Stacked>
    ),
  },
  { key: 'store_name', header: 'Store', defaultVisible: false },
  {
    key: 'target_destination',
    header: 'Destination',
    render: (f) => (
      <>
        {DESTINATION_LABELS[f.target_destination]}
        {f.file_layout ? (
          <Text span size="xs" c="dimmed" title="The feed’s own file layout">
            {` · own ${FEED_FILE_FORMAT_LABELS[f.file_layout.format]}`}
          </Text>
        ) : null}
      </>
    ),
  },
  { key: 'frequency_hours', header: 'Frequency', render: (f) => FREQUENCY_LABELS[f.frequency_hours] ?? `${f.frequency_hours} h` },
  { key: 'store_variant_count', header: 'Items', align: 'right', render: (f) => formatInteger(f.store_variant_count) },
  { key: 'leave_out_restricted', header: 'Restricted items', render: (f) => <BooleanBadge value={f.leave_out_restricted} trueLabel="Left out" falseLabel="Kept" /> },
  { key: 'is_enabled', header: 'Status', render: (f) => <BooleanBadge value={f.is_enabled} trueLabel="Enabled" falseLabel="Disabled" /> },
];

const values = (f: Feed) => ({
  store_id: f.store_id,
  name: f.name,
  target_destination: f.target_destination,
  frequency_hours: f.frequency_hours,
  is_enabled: f.is_enabled,
  leave_out_restricted: f.leave_out_restricted,
  keep_without_upc: f.keep_without_upc,
  keep_below_cost: f.keep_below_cost,
  file_layout: f.file_layout,
  version: f.version,
});

export default function FeedList() {
  const stores = useStoreOptions();
  const storeOptions = stores.options;
  const [params, setParams] = useSearchParams();
  const [fileOf, setFileOf] = useState<Feed | null>(null);
  const shownColumns = useMemo(() => [...columns.slice(0, 6), fileColumn(setFileOf), ...columns.slice(6)], []);
  const leftOut = params.get('left-out');
  const leftOutId = leftOut && /^\d+$/.test(leftOut) ? Number(leftOut) : null;
  const showLeftOut = (id: number | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id === null) next.delete('left-out');
        else next.set('left-out', String(id));
        return next;
      },
      { replace: id === null },
    );

  return (
    <>
      <CrudScreen<Feed, typeof FeedCreate, typeof FeedUpdate>
        description="Each store’s feeds to comparison-shopping sites. Items blocked in every state never go into a feed; a feed can also leave out every item restricted anywhere."
        resource={feeds}
        noun={{ one: 'feed', many: 'feeds' }}
        writePermission="feeds.write"
        list={{
          fields: FEED_LIST,
          columns: shownColumns,
          wholeList: true,
          lookup: 'feeds',
          defaultSort: 'name',
          searchPlaceholder: 'Search feeds',
          filters: [
            { kind: 'select', key: 'store_id', label: 'Store', options: storeOptions, loading: stores.isLoading },
            { kind: 'select', key: 'target_destination', label: 'Destination', options: TARGET_DESTINATIONS.map((d) => ({ value: d, label: DESTINATION_LABELS[d] })) },
            { kind: 'boolean', key: 'leave_out_restricted', label: 'Restricted items', trueLabel: 'Left out', falseLabel: 'Kept' },
            { kind: 'boolean', key: 'is_enabled', label: 'Status', trueLabel: 'Enabled', falseLabel: 'Disabled' },
          ],
        }}
        rowButtons={(f) => (
          <Button size="compact-xs" variant="default" onClick={() => showLeftOut(f.id)} aria-label={`Left-out items of ${f.name}`}>
            Left-out items
          </Button>
        )}
        create={{ schema: FeedCreate, defaults: { store_id: undefined, name: '', target_destination: 'ammoseek', frequency_hours: 24, is_enabled: true, leave_out_restricted: false, keep_without_upc: false, keep_below_cost: false, file_layout: null } }}
        update={{ schema: FeedUpdate, values }}
        formSize="lg"
        fields={() => (
          <>
            <SelectField name="store_id" label="Store" required numeric options={storeOptions} />
            <TextField name="name" label="Name" required autoFocus />
            <SelectField name="target_destination" label="Target destination" required options={TARGET_DESTINATIONS.map((d) => ({ value: d, label: DESTINATION_LABELS[d] }))} />
            <SelectField name="frequency_hours" label="Frequency" required numeric options={[{ value: '24', label: 'Daily (every 24 hours)' }, { value: '168', label: 'Weekly (every 168 hours)' }]} />
            <SwitchField name="is_enabled" label="Enabled" />
            <SwitchField
              name="leave_out_restricted"
              label="Leave out restricted items"
              description="Leave out every item a compliance rule restricts anywhere (age, document, dealer, block). Items blocked in every state are always left out."
            />
            <SwitchField name="keep_without_upc" label="Keep items without a UPC" description="Comparison sites match items by a numeric UPC (8, 12, 13 or 14 digits); items without one are left out unless this is on." />
            <SwitchField name="keep_below_cost" label="Keep items priced below cost" description="Items priced below their cost are left out unless this is on." />
            <FeedLayoutFields />
          </>
        )}
      />
      <FeedLeftOutDrawer feedId={leftOutId} onClose={() => showLeftOut(null)} />
      <FeedFileDialog feed={fileOf} onClose={() => setFileOf(null)} />
    </>
  );
}
