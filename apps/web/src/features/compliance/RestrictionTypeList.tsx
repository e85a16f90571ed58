/** Compliance Restriction Types (Compliance): what a rule does, strictest first. */
import { Text } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { COMPLIANCE_EFFECTS, ComplianceRestrictionTypeCreate, ComplianceRestrictionTypeUpdate, EFFECT_LABELS, type ComplianceRestrictionType, COMPLIANCE_RESTRICTION_TYPE_LIST } from '@qm/contracts';
import { CrudScreen } from '../../ui/CrudScreen';
import { SelectField, TextAreaField, TextField } from '../../ui/fields';
import type { Column } from '../../ui/ResourceList';
import { idColumn, updatedColumn } from '../../ui/columns';
import { restrictionTypes } from './api';
import { EffectBadge } from '../../ui/EffectBadge';

const EFFECT_OPTIONS = COMPLIANCE_EFFECTS.map((e, i) => ({ value: e, label: `${i + 1}. ${EFFECT_LABELS[e]}` }));

const columns: Column<ComplianceRestrictionType>[] = [
  idColumn(),
  { key: 'name', header: 'Name', render: (t) => <Text size="sm" fw={500} className="qm-cell-text">{t.name}</Text> },
  { key: 'effect', header: 'Effect', render: (t) => <EffectBadge effect={t.effect} document={t.document} min_age={t.min_age} /> },
  { key: 'description', header: 'Description', render: (t) => <Text size="xs" className="qm-cell-text">{t.description ?? ''}</Text> },
  { key: 'restriction_count', header: 'Restrictions', align: 'right' },
  updatedColumn({ defaultVisible: false }),
];

function TypeFields() {
  const effect = useWatch({ name: 'effect' }) as string;
  return (
    <>
      <TextField name="name" label="Name" required autoFocus />
      <SelectField name="effect" label="Effect" required options={EFFECT_OPTIONS} description="Strictest first: when several rules apply, the strictest effect wins." />
      {effect === 'document' ? <TextField name="document" label="Document required" required placeholder="e.g. Illinois FOID card (copy)" /> : null}
      {effect === 'min_age' ? (
        <SelectField name="min_age" label="Minimum age" required numeric options={[{ value: '18', label: '18' }, { value: '21', label: '21' }]} />
      ) : null}
      <TextAreaField name="description" label="Description" rows={3} />
    </>
  );
}

export default function RestrictionTypesScreen() {
  return (
    <CrudScreen<ComplianceRestrictionType, typeof ComplianceRestrictionTypeCreate, typeof ComplianceRestrictionTypeUpdate>
      description="What a restriction does. Effects from strictest: block; ship only to a licensed dealer; document required; minimum age; adult signature."
      resource={restrictionTypes}
      noun={{ one: 'restriction type', many: 'restriction types' }}
      writePermission="compliance.write"
      list={{
        fields: COMPLIANCE_RESTRICTION_TYPE_LIST,
        columns,
        defaultSort: 'effect',
        searchPlaceholder: 'Search types',
        exportCsv: true,
        filters: [{ kind: 'select', key: 'effect', label: 'Effect', options: COMPLIANCE_EFFECTS.map((e) => ({ value: e, label: EFFECT_LABELS[e] })) }],
      }}
      create={{ schema: ComplianceRestrictionTypeCreate, defaults: { name: '', effect: 'block', document: '', min_age: null, description: '' } }}
      update={{
        schema: ComplianceRestrictionTypeUpdate,
        values: (t) => ({ name: t.name, effect: t.effect, document: t.document ?? '', min_age: t.min_age as 18 | 21 | null, description: t.description ?? '', version: t.version }),
      }}
      fields={() => <TypeFields />}
    />
  );
}
