/** The vendor page's purchase-orders tab: that vendor's purchase orders, newest first, and a new one preset to it. */
import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { isAllowed, type PurchaseOrderListItem, PURCHASE_ORDER_LIST } from '@qm/contracts';
import { usePermissions } from '../../../lib/session';
import { IconPlus } from '../../../ui/icons';
import { ResourceList } from '../../../ui/ResourceList';
import { purchaseOrders } from '../api';
import { NewPurchaseOrderDialog } from './NewPurchaseOrderDialog';
import { poColumns } from './poDisplay';
import { useStatusOptions } from '../../../lib/lookups';

const columns = poColumns({ withVendor: false });

export function VendorPurchaseOrdersTab({ vendorId }: { vendorId: number }) {
  const permissions = usePermissions();
  const canWrite = isAllowed(['purchasing.write'], permissions);
  const canRead = isAllowed(['purchasing.read'], permissions);
  const [creating, setCreating] = useState(false);
  const statuses = useStatusOptions('purchase-order-status');
  if (!canRead) return null;
  return (
    <Stack gap="xs">
      {canWrite ? (
        <Group justify="flex-end">
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setCreating(true)}>
            New purchase order
          </Button>
        </Group>
      ) : null}
      <ResourceList<PurchaseOrderListItem>
        resource={purchaseOrders}
        fields={PURCHASE_ORDER_LIST}
        noun={{ one: 'purchase order', many: 'purchase orders' }}
        columns={columns}
        filters={[{ kind: 'multiselect', key: 'status', label: 'Status', options: statuses.options }]}
        fixedFilters={{ vendor_id: String(vendorId) }}
        searchPlaceholder="Number or SKU"
        defaultSort="-id"
        exportCsv
        preferenceKey="columns.vendor.purchase-order"
        label="Purchase orders of this vendor"
        rowHref={(p) => `/purchase-order/${p.id}`}
      />
      {creating ? <NewPurchaseOrderDialog opened onClose={() => setCreating(false)} vendorId={vendorId} /> : null}
    </Stack>
  );
}
