/**
 * Vendors: distributors and drop-shippers, server-paged with search (name, code), filters (active,
 * drop-ship, fee schema) and CSV export. A row opens the vendor's page (`/vendor/{id}`).
 */
import { useNavigate } from 'react-router';
import { Badge, Group, Text } from '@mantine/core';
import { isAllowed, SHIPPING_MODEL_LABELS, type Vendor, VENDOR_LIST } from '@qm/contracts';
import { formatCents } from '../../lib/format';
import { usePermissions } from '../../lib/session';
import { idColumn, updatedColumn } from '../../ui/columns';
import { CodeDisplay, IntegerDisplay, MoneyDisplay } from '../../ui/displays';
import { PageHeader } from '../../ui/PageHeader';
import { ResourceList, type Column, type FilterDef } from '../../ui/ResourceList';
import { useFeeSchemaOptions, vendors } from './api';

/** "$12.95 flat, free from $1,500" and the like. */
export function shippingSummary(v: Pick<Vendor, 'shipping_model' | 'shipping_cents' | 'free_shipping_above_cents' | 'shipping_tiers'>): string {
  const base =
    v.shipping_model === 'flat'
      ? `${formatCents(v.shipping_cents)} per order`
      : v.shipping_model === 'per_unit'
        ? `${formatCents(v.shipping_cents)} per package`
        : `${v.shipping_tiers.length} tiers`;
  return v.free_shipping_above_cents !== null ? `${base}, free from ${formatCents(v.free_shipping_above_cents)}` : base;
}

export default function VendorsScreen() {
  const navigate = useNavigate();
  const canWrite = isAllowed(['vendors.write'], usePermissions());
  const schemas = useFeeSchemaOptions();

  const columns: Column<Vendor>[] = [
    idColumn({ width: 64 }),
    {
      key: 'name',
      header: 'Name',
      render: (v) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500} className="qm-cell-text">
            {v.name}
          </Text>
          {!v.is_active ? (
            <Badge size="xs" variant="light" color="gray" radius="sm">
              Inactive
            </Badge>
          ) : null}
        </Group>
      ),
    },
    { key: 'code', header: 'Code', width: 90, render: (v) => <CodeDisplay value={v.code} /> },
    {
      key: 'can_drop_ship',
      header: 'Drop-ship',
      width: 96,
      render: (v) =>
        v.can_drop_ship ? (
          <Badge size="sm" variant="light" color="teal" radius="sm">
            Drop-ship
          </Badge>
        ) : (
          <Text span size="sm" c="dimmed">
            No
          </Text>
        ),
    },
    { key: 'min_order_cents', header: 'Min. order', align: 'right', width: 110, render: (v) => <MoneyDisplay cents={v.min_order_cents} /> },
    { key: 'shipping_model', header: 'Shipping', render: (v) => <Text size="sm" className="qm-cell-text" title={SHIPPING_MODEL_LABELS[v.shipping_model]}>{shippingSummary(v)}</Text> },
    { key: 'handling_days', header: 'Handling', align: 'right', width: 92, render: (v) => `${v.handling_days} d` },
    { key: 'fee_schema_name', header: 'Fee schema', render: (v) => v.fee_schema_name ?? <Text span size="sm" c="dimmed">—</Text> },
    {
      key: 'contacts',
      header: 'Contact',
      render: (v) =>
        v.contacts[0] ? (
          <div>
            <Text size="sm">{v.contacts[0].name}</Text>
            {v.contacts[0].role ? (
              <Text size="xs" c="dimmed">
                {v.contacts[0].role}
                {v.contacts.length > 1 ? ` · +${v.contacts.length - 1}` : ''}
              </Text>
            ) : null}
          </div>
        ) : (
          <Text span size="sm" c="dimmed">—</Text>
        ),
    },
    { key: 'credential_count', header: 'Credentials', align: 'right', width: 100, defaultVisible: false, render: (v) => <IntegerDisplay value={v.credential_count} /> },
    { key: 'website', header: 'Website', defaultVisible: false },
    updatedColumn({ defaultVisible: false }),
  ];
  const filters: FilterDef[] = [
    { kind: 'boolean', key: 'is_active', label: 'Active', trueLabel: 'Active', falseLabel: 'Inactive' },
    { kind: 'boolean', key: 'can_drop_ship', label: 'Drop-ship', trueLabel: 'Drop-ships', falseLabel: 'Does not drop-ship' },
    { kind: 'select', key: 'fee_schema_id', label: 'Fee schema', options: schemas.options, loading: schemas.isPending },
  ];

  return (
    <>
      <PageHeader description="Distributors and drop-shippers we buy from. A vendor with purchase orders or catalogue products is deactivated, not deleted." create={canWrite && { label: 'New vendor', onClick: () => navigate('/vendor/new') }} />
      <ResourceList<Vendor>
        resource={vendors}
        fields={VENDOR_LIST}
        noun={{ one: 'vendor', many: 'vendors' }}
        columns={columns}
        filters={filters}
        defaultSort="name"
        searchPlaceholder="Search by name or code"
        rowHref={(v) => `/vendor/${v.id}`}
        exportCsv
      />
    </>
  );
}
