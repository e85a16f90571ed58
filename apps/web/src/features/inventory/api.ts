/**
 * Inventory area: locations, inventory items (on hand per variant and location, derived from the
 * ledger) and stock movements (adjust, transfer). Movements make the inventory lists and the
 * purchase orders' pages stale.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { CONSTANTS, type InventoryAdjust, type InventoryItem, type InventoryTransaction, type InventoryTransfer, type Location } from '@qm/contracts';
import { api } from '../../lib/api';
import { defineResource, invalidate } from '../../lib/resource';

export const locations = defineResource<Location>('location', { related: ['inventory-item', 'purchase-order'] });
export const inventoryItems = defineResource<InventoryItem>('inventory-item');
const MOVED = ['inventory-item', 'inventory-transaction'];

/** Every location (two warehouses, a few more at most), for selects. */
export function useLocations() {
  return useQuery({
    queryKey: locations.keys.lookup(),
    queryFn: ({ signal }) => api.list<Location>(locations.path, { per_page: CONSTANTS.maxPerPage, sort: 'code' }, signal).then((r) => r.data),
    staleTime: 5 * 60_000,
  });
}

export function useAdjustStock() {
  return useMutation({
    mutationFn: (body: InventoryAdjust) =>
      api.post<{ data: { transactions: InventoryTransaction[] } }>('inventory/adjust', body).then((r) => r.data.transactions),
    onSuccess: () => invalidate(MOVED),
  });
}

export function useTransferStock() {
  return useMutation({
    mutationFn: (body: InventoryTransfer) =>
      api.post<{ data: { transactions: InventoryTransaction[] } }>('inventory/transfer', body).then((r) => r.data.transactions),
    onSuccess: () => invalidate(MOVED),
  });
}
