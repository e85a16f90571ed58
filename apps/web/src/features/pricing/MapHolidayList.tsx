/** MAP Holidays (Pricing): the days a manufacturer lifts its MAP, on every store or one. */
import { Text } from '@mantine/core';
import { MAP_HOLIDAY_LIST, MAP_HOLIDAY_MAX_DAYS, MAP_HOLIDAY_STATUS_LABELS, MAP_HOLIDAY_STATUSES, MapHolidayCreate, MapHolidayUpdate, type MapHoliday, type MapHolidayStatus } from '@qm/contracts';
import { formatDate } from '../../lib/format';
import { useStoreOptions } from '../../lib/lookups';
import { CrudScreen } from '../../ui/CrudScreen';
import { StatusText } from '../../ui/displays';
import { DateField, SelectField, TextAreaField } from '../../ui/fields';
import type { Column } from '../../ui/ResourceList';
import { createdColumn, idColumn, updatedColumn } from '../../ui/columns';
import { useBrandOptions } from '../catalog/api';
import { mapHolidays } from './api';

const STATUS_COLORS: Record<MapHolidayStatus, string> = { on: 'green', upcoming: 'blue', over: 'gray' };
const statusOptions = MAP_HOLIDAY_STATUSES.map((s) => ({ value: s, label: MAP_HOLIDAY_STATUS_LABELS[s] }));
const days = (h: Pick<MapHoliday, 'starts_on' | 'ends_on'>) => (h.starts_on === h.ends_on ? formatDate(h.starts_on) : `${formatDate(h.starts_on)} – ${formatDate(h.ends_on)}`);

const columns: Column<MapHoliday>[] = [
  idColumn({ defaultVisible: false }),
  { key: 'brand_name', header: 'Brand', render: (h) => <Text size="sm" fw={600}>{h.brand_name}</Text> },
  { key: 'store_name', header: 'Store', render: (h) => h.store_name ?? <Text size="sm" c="dimmed">Every store</Text> },
  { key: 'starts_on', header: 'Days', render: (h) => <span className="qm-nowrap">{days(h)}</span> },
  { key: 'status', header: 'Status', render: (h) => <StatusText label={MAP_HOLIDAY_STATUS_LABELS[h.status]} color={STATUS_COLORS[h.status]} /> },
  { key: 'note', header: 'Note', render: (h) => <Text size="xs" className="qm-cell-text">{h.note ?? ''}</Text> },
  createdColumn({ defaultVisible: false }),
  updatedColumn({ defaultVisible: false }),
];

export default function MapHolidayList() {
  const stores = useStoreOptions();
  const brands = useBrandOptions();
  return (
    <CrudScreen<MapHoliday, typeof MapHolidayCreate, typeof MapHolidayUpdate>
      description="The days a manufacturer lifts its MAP. While one is on, its brand’s prices are advertised as they are: not flagged under MAP, repriced without holding at MAP, and sent to the feeds without the MAP note."
      resource={mapHolidays}
      noun={{ one: 'MAP holiday', many: 'MAP holidays' }}
      nameOf={(h) => `${h.brand_name}’s MAP holiday (${days(h)})`}
      writePermission="pricing.write"
      list={{
        fields: MAP_HOLIDAY_LIST,
        columns,
        defaultSort: '-starts_on',
        searchPlaceholder: 'Search by brand or note',
        exportCsv: true,
        filters: [
          { kind: 'select', key: 'status', label: 'Status', options: statusOptions, width: 150 },
          { kind: 'select', key: 'brand_id', label: 'Brand', options: brands.options, loading: brands.isPending, width: 180 },
          { kind: 'select', key: 'store_id', label: 'Store', options: stores.options, loading: stores.isLoading },
        ],
      }}
      create={{ schema: MapHolidayCreate, defaults: { brand_id: undefined, store_id: null, starts_on: '', ends_on: '', note: '' } }}
      update={{ schema: MapHolidayUpdate, values: (h) => ({ brand_id: h.brand_id, store_id: h.store_id, starts_on: h.starts_on, ends_on: h.ends_on, note: h.note ?? '', version: h.version }) }}
      fields={() => (
        <>
          <SelectField name="brand_id" label="Brand" required numeric options={brands.options} description="The manufacturer lifting its MAP" />
          <SelectField name="store_id" label="Store" clearable numeric options={stores.options} placeholder="Every store" />
          <DateField name="starts_on" label="First day" />
          <DateField name="ends_on" label="Last day" description={`Included; at most ${MAP_HOLIDAY_MAX_DAYS} days`} />
          <TextAreaField name="note" label="Note" rows={2} />
        </>
      )}
    />
  );
}
