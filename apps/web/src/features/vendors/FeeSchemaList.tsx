/** Vendor Fee Schemas: named sets of fees vendors charge; a row opens the schema with its fees and the preview. */
import { useNavigate } from 'react-router';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { isAllowed, type VendorFeeSchema, VENDOR_FEE_SCHEMA_LIST } from '@qm/contracts';
import { usePermissions } from '../../lib/session';
import { idColumn, updatedColumn } from '../../ui/columns';
import { IntegerDisplay } from '../../ui/displays';
import { PageHeader } from '../../ui/PageHeader';
import { ResourceList, type Column } from '../../ui/ResourceList';
import { feeSchemas } from './api';
import { feeSummary } from './parts/FeeFields';

const columns: Column<VendorFeeSchema>[] = [
  idColumn(),
  { key: 'name', header: 'Name', render: (s) => <Text size="sm" fw={500} className="qm-cell-text">{s.name}</Text> },
  {
    key: 'fees',
    header: 'Fees',
    render: (s) =>
      s.fees.length ? (
        <Group gap={4}>
          {s.fees.map((f) => (
            <Badge key={f.id} size="sm" variant="light" radius="sm" tt="none" fw={500} color={f.application === 'fixed' ? 'blue' : 'grape'}>
              {f.name}: {feeSummary(f)}
            </Badge>
          ))}
        </Group>
      ) : (
        <Text span size="sm" c="dimmed">
          No fees
        </Text>
      ),
  },
  {
    key: 'vendor_count',
    header: 'Vendors',
    align: 'right',
    width: 90,
    render: (s) => (
      <Anchor component={Link} to={`/vendor?filter[fee_schema_id]=${s.id}`} size="sm" onClick={(e) => e.stopPropagation()}>
        <IntegerDisplay value={s.vendor_count} />
      </Anchor>
    ),
  },
  { key: 'description', header: 'Description', defaultVisible: false },
  updatedColumn(),
];

export default function FeeSchemaListScreen() {
  const navigate = useNavigate();
  const canWrite = isAllowed(['vendors.write'], usePermissions());
  return (
    <>
      <PageHeader description="Fees vendors add to an order: fixed per order or per unit, by brand or category, waived above an amount, in force between dates." create={canWrite && { label: 'New fee schema', onClick: () => navigate('/vendor-fee-schema/new') }} />
      <ResourceList<VendorFeeSchema> resource={feeSchemas} fields={VENDOR_FEE_SCHEMA_LIST} noun={{ one: 'fee schema', many: 'fee schemas' }} columns={columns} defaultSort="name" searchPlaceholder="Search fee schemas" rowHref={(s) => `/vendor-fee-schema/${s.id}`} exportCsv />
    </>
  );
}
