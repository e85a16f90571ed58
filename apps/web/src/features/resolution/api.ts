/**
 * Order resolution: the dashboard of orders that need a person and its summary, and the order
 * actions that resolve them (the orders and routing endpoints, called from the dialogs here).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ResolutionAnswer, ResolutionSummary } from '@qm/contracts';
import { api } from '../../lib/api';
import { defineResource, invalidate } from '../../lib/resource';

export const resolution = defineResource<ResolutionAnswer>('order-resolution', { related: ['order', 'order-resolution-summary', 'dashboard', 'order-route'] });
export const resolutionSummary = defineResource<ResolutionSummary>('order-resolution-summary');
const orders = defineResource('order');

export function useResolution(query: URLSearchParams) {
  return useQuery({
    queryKey: resolution.keys.list(query.toString()),
    queryFn: ({ signal }) => api.data<ResolutionAnswer>(resolution.path, query, signal),
    placeholderData: (prev) => prev,
  });
}

export function useResolutionSummary(query: URLSearchParams) {
  return useQuery({
    queryKey: resolutionSummary.keys.list(query.toString()),
    queryFn: ({ signal }) => api.data<ResolutionSummary>(resolutionSummary.path, query, signal),
    placeholderData: (prev) => prev,
  });
}

/** What the dialogs need of an order (`GET /api/order/{id}`). */
export interface OrderForResolution {
  id: number;
  number: string;
  items: { id: number; line_no: number; sku: string; title: string | null; quantity: number; cancelled_quantity: number }[];
  shipping_address: { name: string; company: string | null; line1: string; line2: string | null; city: string; state: string; zip: string; to_dealer: boolean; dealer_license: string | null };
}

export function useOrderForResolution(id: number | null) {
  return useQuery({
    queryKey: orders.keys.item(id ?? 0),
    queryFn: ({ signal }) => api.data<OrderForResolution>(`${orders.path}/${String(id)}`, undefined, signal),
    enabled: id !== null,
  });
}

export interface CancelItemsBody {
  items: { order_item_id: number; quantity: number }[];
  reason: string;
}
export interface AddressBody {
  ship_name: string;
  ship_company: string | null;
  ship_line1: string;
  ship_line2: string | null;
  ship_city: string;
  ship_state: string;
  ship_zip: string;
  ship_to_dealer: boolean;
  ship_dealer_license: string | null;
}

type OrderAction =
  | { kind: 'route' }
  | { kind: 'cancel-items'; body: CancelItemsBody }
  | { kind: 'address'; body: AddressBody }
  | { kind: 'internal-status'; body: { internal_status_id: number | null } }
  | { kind: 'cs-status'; body: { cs_status: string; note?: string } }
  | { kind: 'note'; body: { body: string } };

/** One of the actions that resolve a case; the dashboard, the order and its routes are stale after it. */
export function useOrderAction(orderId: number) {
  return useMutation({
    mutationFn: async (a: OrderAction): Promise<{ route_id?: number }> => {
      const path = `${orders.path}/${orderId}/${a.kind}`;
      if (a.kind === 'route') {
        const res = await api.post<{ data?: { route_id?: number; id?: number }; route_id?: number }>(path);
        return { route_id: res.data?.route_id ?? res.data?.id ?? res.route_id };
      }
      if (a.kind === 'cancel-items' || a.kind === 'note') await api.post(path, a.body);
      else await api.put(path, a.body);
      return {};
    },
    onSuccess: () => invalidate([resolution, orders]),
  });
}
