/** Repricing Rules (Pricing): per store, how far under the market its suggestions aim and how far one step moves a price. */
import { Text } from '@mantine/core';
import {
  REPRICE_MARGIN_FLOOR_PCT,
  REPRICE_MAX_STEP_PCT,
  REPRICE_UNDERCUT_CPR_CENTS,
  REPRICING_RULE_LIST,
  RepricingRuleCreate,
  RepricingRuleUpdate,
  type RepricingRule,
} from '@qm/contracts';
import { useStoreOptions } from '../../lib/lookups';
import { CrudScreen } from '../../ui/CrudScreen';
import { DecimalField, IntegerField, SelectField, TextAreaField } from '../../ui/fields';
import type { Column } from '../../ui/ResourceList';
import { createdColumn, idColumn, updatedColumn } from '../../ui/columns';
import { repricingRules } from './api';

const undercut = (cents: number) => `${cents.toFixed(2)}¢ per round`;

const columns: Column<RepricingRule>[] = [
  idColumn({ defaultVisible: false }),
  { key: 'store_name', header: 'Store', render: (r) => <Text size="sm" fw={600}>{r.store_name}</Text> },
  { key: 'undercut_cpr_cents', header: 'Undercut', align: 'right', render: (r) => <span className="qm-nowrap">{undercut(r.undercut_cpr_cents)}</span> },
  { key: 'max_step_pct', header: 'Largest step', align: 'right', render: (r) => `${r.max_step_pct} %` },
  { key: 'note', header: 'Note', render: (r) => <Text size="xs" className="qm-cell-text">{r.note ?? ''}</Text> },
  createdColumn({ defaultVisible: false }),
  updatedColumn(),
];

export default function RepricingRuleList() {
  const stores = useStoreOptions();
  return (
    <CrudScreen<RepricingRule, typeof RepricingRuleCreate, typeof RepricingRuleUpdate>
      description={`How far under the cheapest comparable offer a store’s suggested prices aim, and how far one step may move a price. A store without a rule undercuts by ${undercut(REPRICE_UNDERCUT_CPR_CENTS)} and moves at most ${REPRICE_MAX_STEP_PCT} % a step; every store keeps the ${REPRICE_MARGIN_FLOOR_PCT} % margin floor and advertised MAP.`}
      resource={repricingRules}
      noun={{ one: 'repricing rule', many: 'repricing rules' }}
      nameOf={(r) => `${r.store_name}’s repricing rule`}
      writePermission="pricing.write"
      list={{
        fields: REPRICING_RULE_LIST,
        columns,
        defaultSort: 'store_name',
        searchPlaceholder: 'Search by store or note',
        exportCsv: true,
        filters: [{ kind: 'select', key: 'store_id', label: 'Store', options: stores.options, loading: stores.isLoading }],
      }}
      create={{ schema: RepricingRuleCreate, defaults: { store_id: undefined, undercut_cpr_cents: REPRICE_UNDERCUT_CPR_CENTS, max_step_pct: REPRICE_MAX_STEP_PCT, note: '' } }}
      update={{ schema: RepricingRuleUpdate, values: (r) => ({ store_id: r.store_id, undercut_cpr_cents: r.undercut_cpr_cents, max_step_pct: r.max_step_pct, note: r.note ?? '', version: r.version }) }}
      fields={() => (
        <>
          <SelectField name="store_id" label="Store" required numeric options={stores.options} />
          <DecimalField name="undercut_cpr_cents" label="Undercut" unit="¢/rd" scale={2} description="Cents per round under the cheapest comparable offer" />
          <IntegerField name="max_step_pct" label="Largest step (%)" description="The most one repricing moves a price, up or down" />
          <TextAreaField name="note" label="Note" rows={2} />
        </>
      )}
    />
  );
}
