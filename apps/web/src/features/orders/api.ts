/**
 * Orders area: the Orders list and one order, its actions (status, internal and customer-service
 * status, notes, cancelling items, the shipping address), its activity, and the stores' order
 * settings (API keys, routing). A write keeps the order it answered and makes the lists stale.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  AuditEntry,
  CsStatus,
  OrderAddressChange,
  OrderCancelItems,
  OrderDetail,
  OrderListItem,
  OrderStatus,
  StoreApiKey,
  StoreApiKeyCreated,
  StoreRouting,
  StoreRoutingUpdate,
} from '@qm/contracts';
import { api } from '../../lib/api';
import { changeCached, defineResource, invalidate } from '../../lib/resource';

/** Orders show in the resolution dashboard, the routes and the vendor orders too. */
export const orders = defineResource<OrderListItem, never, never, OrderDetail>('order', {
  related: ['order-resolution', 'order-route', 'vendor-order'],
});

const itemPath = (id: number) => `${orders.path}/${id}`;
const keep = (o: OrderDetail) => {
  changeCached<OrderDetail>(orders.keys.item(o.id), () => o);
  return invalidate(orders, { keep: orders.keys.item(o.id) });
};

export function useOrderActivity(id: number) {
  return useQuery({
    queryKey: orders.keys.part('activity', id),
    queryFn: ({ signal }) => api.data<AuditEntry[]>(`${itemPath(id)}/activity`, undefined, signal),
  });
}

/** One hook per order action; each answers the order as it is now. */
export function useOrderActions(id: number) {
  const put = (path: string) => (body: unknown) => api.put<{ data: OrderDetail }>(`${itemPath(id)}/${path}`, body).then((r) => r.data);
  const post = (path: string) => (body: unknown) => api.post<{ data: OrderDetail }>(`${itemPath(id)}/${path}`, body).then((r) => r.data);
  return {
    status: useMutation({ mutationFn: (b: { status: OrderStatus; note?: string }) => put('status')(b), onSuccess: keep }),
    internalStatus: useMutation({ mutationFn: (b: { internal_status_id: number | null }) => put('internal-status')(b), onSuccess: keep }),
    csStatus: useMutation({ mutationFn: (b: { cs_status: CsStatus; note?: string }) => put('cs-status')(b), onSuccess: keep }),
    note: useMutation({ mutationFn: (b: { body: string }) => post('note')(b), onSuccess: keep }),
    cancelItems: useMutation({ mutationFn: (b: OrderCancelItems) => post('cancel-items')(b), onSuccess: keep }),
    address: useMutation({ mutationFn: (b: OrderAddressChange) => put('address')(b), onSuccess: keep }),
  };
}

// ───────────────────────────── store settings ─────────────────────────────

const storeKeysKey = (storeId: number) => ['store', 'order-settings', 'api-key', storeId] as const;
const storeRoutingKey = (storeId: number) => ['store', 'order-settings', 'routing', storeId] as const;

export function useStoreApiKeys(storeId: number) {
  return useQuery({ queryKey: storeKeysKey(storeId), queryFn: ({ signal }) => api.data<StoreApiKey[]>(`store/${storeId}/api-key`, undefined, signal) });
}

export function useCreateStoreApiKey(storeId: number) {
  return useMutation({
    mutationFn: (name: string) => api.post<{ data: StoreApiKeyCreated }>(`store/${storeId}/api-key`, { name }).then((r) => r.data),
    onSuccess: (created) => changeCached<StoreApiKey[]>(storeKeysKey(storeId), (old) => [created, ...(old ?? [])]),
  });
}

export function useRevokeStoreApiKey(storeId: number) {
  return useMutation({
    mutationFn: (keyId: number) => api.post<{ data: StoreApiKey }>(`store/${storeId}/api-key/${keyId}/revoke`).then((r) => r.data),
    onSuccess: (revoked) => changeCached<StoreApiKey[]>(storeKeysKey(storeId), (old) => (old ?? []).map((k) => (k.id === revoked.id ? revoked : k))),
  });
}

export function useStoreRouting(storeId: number) {
  return useQuery({ queryKey: storeRoutingKey(storeId), queryFn: ({ signal }) => api.data<StoreRouting>(`store/${storeId}/routing`, undefined, signal) });
}

export function useSetStoreRouting(storeId: number) {
  return useMutation({
    mutationFn: (body: StoreRoutingUpdate) => api.put<{ data: StoreRouting }>(`store/${storeId}/routing`, body).then((r) => r.data),
    onSuccess: (saved) => changeCached<StoreRouting>(storeRoutingKey(storeId), () => saved),
  });
}
