/** Compliance Restrictions (Compliance): every rule with its target, places, type, law and dates. */
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  COMPLIANCE_EFFECTS,
  COMPLIANCE_PLACES,
  ComplianceRestrictionCreate,
  ComplianceRestrictionUpdate,
  EFFECT_LABELS,
  TARGET_KINDS,
  TARGET_KIND_LABELS,
  type ComplianceRestriction,
  COMPLIANCE_RESTRICTION_LIST,
} from '@qm/contracts';
import { CrudScreen } from '../../ui/CrudScreen';
import type { Column } from '../../ui/ResourceList';
import { idColumn, updatedColumn } from '../../ui/columns';
import { restrictions, useRestrictionTypeOptions } from './api';
import { whereText } from './parts/outcome';
import { EffectBadge } from '../../ui/EffectBadge';
import { DateTimeDisplay } from '../../ui/displays';
import { RestrictionFields } from './parts/RestrictionFields';

const columns: Column<ComplianceRestriction>[] = [
  idColumn({ defaultVisible: false }),
  {
    key: 'name',
    header: 'Name',
    render: (r) => (
      <Anchor component={Link} to={`/compliance-restriction/${r.id}`} size="sm" fw={500} className="qm-cell-text" onClick={(e) => e.stopPropagation()}>
        {r.name}
      </Anchor>
    ),
  },
  // the effect alone (the document is named by the type under it: a long one would widen the column)
  { key: 'effect', header: 'Type', render: (r) => <Stack gap={2}><EffectBadge effect={r.effect} min_age={r.min_age} size="xs" /><Text size="xs" c="dimmed" className="qm-cell-text">{r.restriction_type_name}</Text></Stack> },
  { key: 'target_label', header: 'Target', render: (r) => <Text size="xs" className="qm-cell-text">{r.target_label}</Text> },
  { key: 'where', header: 'Where', render: (r) => <Text size="xs" className="qm-cell-text">{whereText(r)}</Text> },
  { key: 'citation', header: 'Citation', render: (r) => <Text size="xs" className="qm-cell-text">{r.citation}</Text> },
  { key: 'effective_from', header: 'From', render: (r) => <DateTimeDisplay value={r.effective_from} dateOnly /> },
  { key: 'effective_to', header: 'To', render: (r) => <DateTimeDisplay value={r.effective_to} dateOnly /> },
  {
    key: 'in_force',
    header: 'In force',
    render: (r) => (
      <Badge size="xs" radius="sm" variant="light" color={r.in_force ? 'teal' : 'gray'}>
        {r.in_force ? 'In force' : r.is_active ? 'Out of dates' : 'Inactive'}
      </Badge>
    ),
  },
  updatedColumn({ defaultVisible: false }),
];

const defaults = {
  name: '',
  restriction_type_id: null as unknown as number,
  target_kind: 'category' as const,
  target_id: null,
  attribute_id: null,
  attribute_op: null,
  attribute_values: [],
  states: [],
  except_states: [],
  zip_code_group_ids: [],
  except_zip_code_group_ids: [],
  citation: '',
  citation_url: '',
  effective_from: null,
  effective_to: null,
  notes: '',
  is_active: true,
};

export default function RestrictionsScreen() {
  const types = useRestrictionTypeOptions();
  return (
    <CrudScreen<ComplianceRestriction, typeof ComplianceRestrictionCreate, typeof ComplianceRestrictionUpdate>
      description={
        <>
          Which items, where, under which law and when. The strictest rule that applies wins.{' '}
          <Anchor component={Link} to="/compliance-restriction/search" size="sm" underline="always">
            Search restrictions
          </Anchor>
        </>
      }
      resource={restrictions}
      noun={{ one: 'restriction', many: 'restrictions' }}
      writePermission="compliance.write"
      list={{
        fields: COMPLIANCE_RESTRICTION_LIST,
        columns,
        defaultSort: 'name',
        searchPlaceholder: 'Search name, citation, notes',
        exportCsv: true,
        filters: [
          { kind: 'select', key: 'state', label: 'State', options: COMPLIANCE_PLACES.map((p) => ({ value: p, label: p })), width: 110 },
          { kind: 'select', key: 'restriction_type_id', label: 'Type', options: types.options, loading: types.isLoading },
          { kind: 'select', key: 'effect', label: 'Effect', options: COMPLIANCE_EFFECTS.map((e) => ({ value: e, label: EFFECT_LABELS[e] })) },
          { kind: 'select', key: 'target_kind', label: 'Target', options: TARGET_KINDS.map((k) => ({ value: k, label: TARGET_KIND_LABELS[k] })) },
          { kind: 'date', key: 'in_force_on', label: 'In force on' },
          { kind: 'boolean', key: 'is_active', label: 'Active' },
        ],
      }}
      create={{ schema: ComplianceRestrictionCreate, defaults }}
      update={{
        schema: ComplianceRestrictionUpdate,
        values: (r) => ({
          name: r.name,
          restriction_type_id: r.restriction_type_id,
          target_kind: r.target_kind,
          target_id: r.target_id,
          attribute_id: r.attribute_id,
          attribute_op: r.attribute_op,
          attribute_values: r.attribute_values,
          states: r.states as never,
          except_states: r.except_states as never,
          zip_code_group_ids: r.zip_code_group_ids,
          except_zip_code_group_ids: r.except_zip_code_group_ids,
          citation: r.citation,
          citation_url: r.citation_url ?? '',
          effective_from: r.effective_from,
          effective_to: r.effective_to,
          notes: r.notes ?? '',
          is_active: r.is_active,
          version: r.version,
        }),
      }}
      rowButtons={(r) => (
        <Group gap={4} wrap="nowrap">
          <Anchor component={Link} to={`/compliance-restriction/${r.id}`} size="xs" onClick={(e) => e.stopPropagation()} aria-label={`Details of ${r.name}`}>
            Details
          </Anchor>
        </Group>
      )}
      formSize="xl"
      fields={() => <RestrictionFields />}
    />
  );
}
