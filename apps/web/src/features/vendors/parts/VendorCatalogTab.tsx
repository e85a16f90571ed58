/** The vendor page's catalogue tab: the vendor's products, their matching and imports. */
import { Text } from '@mantine/core';

export function VendorCatalogTab({ vendorId }: { vendorId: number }) {
  return <Text c="dimmed" size="sm" data-vendor={vendorId}>This vendor's catalogue is not available yet.</Text>;
}
