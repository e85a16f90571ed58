/** The vendor page's purchase-orders tab: the vendor's purchase orders, newest first. */
import { Text } from '@mantine/core';

export function VendorPurchaseOrdersTab({ vendorId }: { vendorId: number }) {
  return <Text c="dimmed" size="sm" data-vendor={vendorId}>This vendor's purchase orders are not available yet.</Text>;
}
