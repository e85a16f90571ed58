/**
 * Purchasing area: purchase orders, their actions (submit, confirm, receive, cancel, close, invoice),
 * the form's options, default unit costs and variant search. Writes are mutations that keep the order's
 * item up to date and make stale what shows it (lists, inventory), so screens never call the API.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  type PoAction,
  type PurchaseOrderActionBody,
  type PurchaseOrderCreate,
  type PurchaseOrderDetail,
  type PurchaseOrderInvoice,
  type PurchaseOrderListItem,
  type PurchaseOrderOptions,
  type PurchaseOrderReceive,
  type PurchaseOrderUpdate,
  type UnitCostAnswer,
} from '@qm/contracts';
import { api } from '../../lib/api';
import { changeCached, defineResource, invalidate } from '../../lib/resource';

/** Receiving moves stock: the inventory lists show it. */
export const purchaseOrders = defineResource<PurchaseOrderListItem, PurchaseOrderCreate, PurchaseOrderUpdate, PurchaseOrderDetail>('purchase-order', {
  related: ['inventory-item', 'inventory-transaction'],
});

/** Vendors and receiving locations for the purchase order form. */
export function usePurchaseOrderOptions() {
  return useQuery({
    queryKey: purchaseOrders.keys.part('options'),
    queryFn: ({ signal }) => api.data<PurchaseOrderOptions>(`${purchaseOrders.path}/options`, undefined, signal),
    staleTime: 5 * 60_000,
  });
}

/** The default unit cost of a variant from a vendor (its catalogue, else the variant's cost). */
export function fetchUnitCost(vendorId: number, variantId: number): Promise<UnitCostAnswer> {
  return api.data<UnitCostAnswer>(`${purchaseOrders.path}/unit-cost`, { vendor_id: vendorId, variant_id: variantId });
}

const itemPath = (id: number) => `${purchaseOrders.path}/${id}`;
/** The order as the write answered it is kept; lists and inventory are stale. */
const keep = (po: PurchaseOrderDetail) => {
  changeCached<PurchaseOrderDetail>(purchaseOrders.keys.item(po.id), () => po);
  return invalidate(purchaseOrders, { keep: purchaseOrders.keys.item(po.id) });
};

export function useCreatePurchaseOrder() {
  return useMutation({
    mutationFn: (body: PurchaseOrderCreate) => api.post<{ data: PurchaseOrderDetail }>(purchaseOrders.path, body).then((r) => r.data),
    onSuccess: () => invalidate(purchaseOrders),
  });
}

export function useUpdatePurchaseOrder(id: number) {
  return useMutation({
    mutationFn: (body: PurchaseOrderUpdate) => api.put<{ data: PurchaseOrderDetail }>(itemPath(id), body).then((r) => r.data),
    onSuccess: keep,
  });
}

/** Submit, confirm, cancel or close (the state machine's actions without a form). */
export function usePurchaseOrderAction(id: number) {
  return useMutation({
    mutationFn: ({ action, body }: { action: Exclude<PoAction, 'receive'>; body: PurchaseOrderActionBody }) =>
      api.post<{ data: PurchaseOrderDetail }>(`${itemPath(id)}/${action}`, body).then((r) => r.data),
    onSuccess: keep,
  });
}

export function useReceivePurchaseOrder(id: number) {
  return useMutation({
    mutationFn: (body: PurchaseOrderReceive) => api.post<{ data: PurchaseOrderDetail }>(`${itemPath(id)}/receive`, body).then((r) => r.data),
    onSuccess: keep,
  });
}

export function useInvoicePurchaseOrder(id: number) {
  return useMutation({
    mutationFn: (body: PurchaseOrderInvoice) => api.post<{ data: PurchaseOrderDetail }>(`${itemPath(id)}/invoice`, body).then((r) => r.data),
    onSuccess: keep,
  });
}

