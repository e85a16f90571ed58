/**
 * Store variant prices against the market, as Store Variant Pricing and Product Pricing show them: cost,
 * price, cost per round, margin, MAP, the lowest comparable competitor offer and repricing's suggestion,
 * with what is wrong flagged. A price is edited in a dialog (with the suggestion one click away); the
 * suggestion is applied to the rows chosen (the server computes each afresh), or to every row the
 * list's search and filters match (a job).
 */
import { Badge, Button, Group, Menu, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useFormContext } from 'react-hook-form';
import {
  MAP_GATE_LABELS,
  PRICE_FLAG_LABELS,
  REPRICE_MAX_IDS,
  REPRICE_MAX_STEP_PCT,
  REPRICE_UNDERCUT_CPR_CENTS,
  STORE_VARIANT_PRICE_LIST,
  StoreVariantPriceUpdate,
  type PriceFlag,
  type Job,
  type RepriceAllResult,
  type RepriceResult,
  type StoreVariantPrice,
} from '@qm/contracts';
import { errorMessage } from '../../../lib/api';
import { formatCents, formatCentsPerUnit, formatInteger, plural } from '../../../lib/format';
import { mapGateOptions, useStoreOptions } from '../../../lib/lookups';
import { useFollowJob } from '../../../lib/jobs';
import { invalidate } from '../../../lib/resource';
import { alertDialog, confirmDialog } from '../../../ui/ConfirmDialog';
import { CrudScreen } from '../../../ui/CrudScreen';
import { CodeDisplay, MoneyDisplay, NoValue } from '../../../ui/displays';
import { MoneyField, SelectField } from '../../../ui/fields';
import { idColumn, updatedColumn } from '../../../ui/columns';
import type { Column, FilterDef, ListShown } from '../../../ui/ResourceList';
import { useBrandOptions } from '../../catalog/api';
import { storeVariantPrices, useReprice, useRepriceAll } from '../api';
import { mapGateFilterOptions, priceFlagOptions } from './options';

/** Problems in red, the market's position in blue or grey. */
const FLAG_COLORS: Record<PriceFlag, string> = {
  no_price: 'red',
  below_cost: 'red',
  under_floor: 'orange',
  map_violation: 'red',
  above_market: 'yellow',
  below_market: 'teal',
  no_market: 'gray',
  excluded: 'gray',
};

function FlagBadges({ flags }: { flags: readonly PriceFlag[] }) {
  if (!flags.length) return <NoValue />;
  return (
    <Group gap={4} maw={200}>
      {flags.map((f) => (
        <Badge key={f} size="xs" radius="sm" variant="light" color={FLAG_COLORS[f]}>
          {PRICE_FLAG_LABELS[f]}
        </Badge>
      ))}
    </Group>
  );
}

/** The suggested price against the current one: "$21.45 ▼ $1.50", the reason on hover. */
function SuggestionCell({ row }: { row: StoreVariantPrice }) {
  const s = row.suggestion;
  if (s.price_cents === null)
    return (
      <Tooltip label={s.reason} multiline w={280} withinPortal>
        <Text size="sm" c="dimmed" tabIndex={0}>
          Left alone
        </Text>
      </Tooltip>
    );
  const delta = row.price_cents === null ? null : s.price_cents - row.price_cents;
  return (
    <Tooltip label={s.reason} multiline w={300} withinPortal>
      <Group gap={6} wrap="nowrap" tabIndex={0} aria-label={`Suggested ${formatCents(s.price_cents)}: ${s.reason}`}>
        <Text size="sm" fw={600}>
          {formatCents(s.price_cents)}
        </Text>
        {delta === null ? (
          <Badge size="xs" radius="sm" variant="light" color="blue">
            new
          </Badge>
        ) : delta === 0 ? (
          <Text size="xs" c="dimmed">
            same
          </Text>
        ) : (
          <Text size="xs" c={delta < 0 ? 'teal' : 'orange'}>
            {delta < 0 ? '▼' : '▲'} {formatCents(Math.abs(delta))}
          </Text>
        )}
      </Group>
    </Tooltip>
  );
}

/** The columns; one product's rows (Product Pricing) leave out the product, which the page names. */
const columnsFor = (oneProduct: boolean): Column<StoreVariantPrice>[] => [
  idColumn({ defaultVisible: false }),
  {
    key: 'sku',
    header: 'SKU',
    // the product under its SKU (its own column can be shown from the columns menu)
    render: (r) =>
      oneProduct ? (
        <CodeDisplay value={r.sku} strong />
      ) : (
        <Stack gap={0}>
          <CodeDisplay value={r.sku} strong />
          <Text size="xs" c="dimmed" className="qm-cell-text">
            {r.product_title ?? `Product #${r.product_id}`}
          </Text>
        </Stack>
      ),
  },
  { key: 'product_title', header: 'Product', defaultVisible: false, render: (r) => <Text size="sm" className="qm-cell-text">{r.product_title ?? `Product #${r.product_id}`}</Text> },
  { key: 'store_name', header: 'Store' },
  { key: 'caliber', header: 'Caliber', defaultVisible: false, render: (r) => r.caliber ?? <NoValue /> },
  { key: 'rounds', header: 'Rounds', align: 'right', defaultVisible: false, render: (r) => (r.rounds === null ? <NoValue /> : formatInteger(r.rounds)) },
  { key: 'cost_cents', header: 'Cost', align: 'right', render: (r) => <MoneyDisplay cents={r.cost_cents} /> },
  { key: 'price_cents', header: 'Price', align: 'right', render: (r) => (r.price_cents === null ? <NoValue /> : <Text size="sm" fw={600}>{formatCents(r.price_cents)}</Text>) },
  { key: 'cpr_cents', header: 'Per round', align: 'right', render: (r) => (r.cpr_cents === null ? <NoValue /> : formatCentsPerUnit(r.cpr_cents)) },
  {
    key: 'margin_pct',
    header: 'Margin',
    align: 'right',
    render: (r) => (r.margin_pct === null ? <NoValue /> : <Text size="sm" c={r.margin_pct < 0 ? 'red' : undefined}>{r.margin_pct.toFixed(1)}%</Text>),
  },
  {
    key: 'market_cpr_cents',
    header: 'Market per round',
    align: 'right',
    render: (r) =>
      r.market_cpr_cents === null ? (
        <NoValue />
      ) : (
        <Stack gap={0} align="flex-end">
          <Text size="sm">{formatCentsPerUnit(r.market_cpr_cents)}</Text>
          <Text size="xs" c="dimmed" className="qm-cell-text">
            {r.market_competitor} · {plural(r.market_offers, 'offer')}
          </Text>
        </Stack>
      ),
  },
  { key: 'suggestion', header: 'Suggested', render: (r) => <SuggestionCell row={r} /> },
  {
    key: 'map_price_cents',
    header: 'MAP',
    align: 'right',
    defaultVisible: false,
    render: (r) =>
      r.map_price_cents === null ? (
        <NoValue />
      ) : (
        <Stack gap={0} align="flex-end">
          <MoneyDisplay cents={r.map_price_cents} />
          <Text size="xs" c="dimmed">
            {r.map_lifted ? 'Lifted: MAP holiday' : r.map_gate ? MAP_GATE_LABELS[r.map_gate] : 'Advertised'}
          </Text>
        </Stack>
      ),
  },
  { key: 'flags', header: 'Flags', render: (r) => <FlagBadges flags={r.flags} /> },
  updatedColumn({ defaultVisible: false }),
];
const COLUMNS = { list: columnsFor(false), product: columnsFor(true) };

const nameOf = (r: StoreVariantPrice) => `${r.sku} on ${r.store_name}`;

/** "3 prices changed; 1 left as it was: …" */
function repriced(result: RepriceResult) {
  const left = result.unchanged.map((u) => `${u.sku}: ${u.reason}`);
  if (left.length && !result.changed.length) alertDialog('No price changed', left.join('\n'));
  else
    notifications.show({
      color: 'teal',
      title: `${plural(result.changed.length, 'price')} changed`,
      message: result.changed.map((c) => `${c.sku} on ${c.store_name}: ${formatCents(c.before_cents, 'none')} → ${formatCents(c.after_cents)}`).join('; ') + (left.length ? `. Left: ${left.join('; ')}` : ''),
    });
}

const repriceNote = (jobId: number) => `reprice-all-${jobId}`;

/**
 * Suggested prices applied to every store variant a list's search and filters match: confirmed with
 * the count, run as a job whose progress the header's jobs show, then what changed in a notification
 * (why, in a dialog, when it failed) and the list read again.
 */
function useRepriceAllRows() {
  const start = useRepriceAll();
  const note = (job: Job) => repriceNote(job.id);
  const { follow } = useFollowJob({
    onEnd: (job) => {
      const r = job.result as RepriceAllResult | null;
      if (job.status === 'failed') alertDialog('Repricing failed', job.error ?? job.message ?? 'The job stopped.');
      else
        notifications.show({
          id: note(job),
          color: job.status === 'succeeded' ? 'teal' : 'gray',
          title: job.status === 'succeeded' && r ? `${plural(r.changed, 'price')} changed` : `Repricing ${job.status}`,
          message: job.status === 'succeeded' && r ? `${formatInteger(r.unchanged)} of ${formatInteger(r.store_variants)} left as they were` : (job.message ?? ''),
        });
      void invalidate(storeVariantPrices);
    },
  });
  return async (list: ListShown) => {
    const ok = await confirmDialog({
      title: 'Apply suggested prices',
      message: `Set the suggested price on all ${formatInteger(list.total)} store variant prices this list shows? Each change is audited; prices at their suggestion, excluded from repricing or without a cost are left as they are.`,
      confirmLabel: `Apply to ${formatInteger(list.total)}`,
      danger: false,
    });
    if (!ok) return;
    try {
      const started = await start.mutateAsync(list);
      notifications.show({ title: 'Applying suggested prices', message: 'Its progress shows under Jobs in the header.' });
      follow(started);
    } catch (e) {
      alertDialog('Could not reprice', errorMessage(e));
    }
  };
}

/** The price form's context: what the price is measured against, and the suggestion one click away. */
function PriceContext({ row }: { row: StoreVariantPrice }) {
  const form = useFormContext();
  const s = row.suggestion;
  return (
    <Stack gap={4}>
      <Text size="sm">
        Cost <b>{formatCents(row.cost_cents, 'not set')}</b>
        {row.rounds !== null ? ` · ${formatInteger(row.rounds)} rounds` : ''}
        {row.market_cpr_cents !== null ? ` · market ${formatCentsPerUnit(row.market_cpr_cents)} per round (${row.market_competitor})` : ' · no comparable offer'}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          {s.price_cents === null ? s.reason : `Suggested ${formatCents(s.price_cents)}: ${s.reason}`}
        </Text>
        {s.price_cents !== null ? (
          <Button size="compact-xs" variant="light" onClick={() => form.setValue('price_cents', s.price_cents, { shouldDirty: true, shouldValidate: true })}>
            Use suggested price
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

export function PriceList({ fixedFilters, embedded = false, description }: { fixedFilters?: Record<string, string>; embedded?: boolean; description?: string }) {
  const stores = useStoreOptions();
  const brands = useBrandOptions();
  const reprice = useReprice();
  const repriceAll = useRepriceAllRows();
  const run = async (ids: number[]) => {
    try {
      repriced(await reprice.mutateAsync(ids));
    } catch (e) {
      alertDialog('Could not reprice', errorMessage(e));
    }
  };
  // one product's rows (Product Pricing) need no search nor caliber
  const oneProduct = Boolean(fixedFilters?.product_id);
  const filters: FilterDef[] = [
    { kind: 'select', key: 'flag', label: 'Flag', options: priceFlagOptions, width: 220 },
    { kind: 'select', key: 'store_id', label: 'Store', options: stores.options, loading: stores.isLoading },
    ...(oneProduct
      ? []
      : [
          { kind: 'select' as const, key: 'brand_id', label: 'Brand', options: brands.options, loading: brands.isPending, width: 160 },
          { kind: 'text' as const, key: 'caliber', label: 'Caliber', placeholder: 'e.g. 9mm Luger' },
        ]),
    { kind: 'select', key: 'map_gate', label: 'MAP gate', options: mapGateFilterOptions, width: 200 },
    { kind: 'boolean', key: 'on_sale', label: 'On sale', trueLabel: 'On sale', falseLabel: 'Not on sale (disabled)' },
  ];
  return (
    <CrudScreen<StoreVariantPrice, typeof StoreVariantPriceUpdate, typeof StoreVariantPriceUpdate>
      embedded={embedded}
      description={description}
      resource={storeVariantPrices}
      noun={{ one: 'store variant price', many: 'store variant prices' }}
      nameOf={nameOf}
      writePermission="pricing.write"
      deletable={false}
      list={{
        fields: STORE_VARIANT_PRICE_LIST,
        columns: oneProduct ? COLUMNS.product : COLUMNS.list,
        defaultSort: '-id',
        searchPlaceholder: oneProduct ? false : 'Search by SKU (its start)',
        exportCsv: true,
        idFilter: 'id',
        fixedFilters,
        filters,
        label: 'Store variant prices',
        preferenceKey: 'columns.pricing.store-variant',
        bulkActions: [
          {
            label: 'Apply suggested prices',
            permission: 'pricing.write',
            disabledReason: (sel) => (sel.ids.length > REPRICE_MAX_IDS ? `At most ${REPRICE_MAX_IDS} at once` : null),
            run: async (sel) => {
              await run(sel.ids.map(Number));
              sel.clear();
            },
            runAll: repriceAll,
          },
        ],
      }}
      rowMenu={(row) =>
        row.suggestion.price_cents !== null && row.suggestion.price_cents !== row.price_cents ? (
          <Menu.Item onClick={() => void run([row.id])}>Apply suggested price ({formatCents(row.suggestion.price_cents)})</Menu.Item>
        ) : null
      }
      update={{ schema: StoreVariantPriceUpdate, values: (r) => ({ price_cents: r.price_cents, map_price_cents: r.map_price_cents, map_gate: r.map_gate, version: r.version }) }}
      fields={(_form, row) => (
        <>
          {row ? <PriceContext row={row} /> : null}
          <MoneyField name="price_cents" label="Price" autoFocus />
          <MoneyField name="map_price_cents" label="MAP price" description="The least the manufacturer lets us advertise" />
          <SelectField name="map_gate" label="MAP gate" clearable placeholder="None: the price is advertised" options={mapGateOptions} />
        </>
      )}
    />
  );
}

/** How a step of repricing is bounded, for the screens' descriptions. */
export const REPRICING_NOTE = `Suggestions undercut the cheapest comparable offer by ${REPRICE_UNDERCUT_CPR_CENTS}¢ per round and move at most ${REPRICE_MAX_STEP_PCT} % a step, unless the store’s repricing rule says otherwise, and keep the margin floor and advertised MAP (not during the brand’s MAP holiday).`;
