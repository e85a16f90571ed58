/**
 * Routing area: order routes with their items, options and per-source totals; choosing an option,
 * computing and recomputing a route (a job); vendor orders and their actions. Writes keep the item
 * they answered and make stale what shows it (orders, inventory, lists).
 */
import { useMutation } from '@tanstack/react-query';
import type {
  Job,
  OrderRouteDetail,
  OrderRouteItemListItem,
  OrderRouteListItem,
  OrderRouteOptionListItem,
  OrderRouteOptionVendorTotalListItem,
  RouteComputed,
  VendorOrderAction,
  VendorOrderDetail,
  VendorOrderListItem,
} from '@qm/contracts';
import { api } from '../../lib/api';
import { trackJob } from '../../lib/jobs';
import { changeCached, defineResource, invalidate } from '../../lib/resource';

const ROUTING = ['order', 'order-route', 'order-route-item', 'order-route-option', 'order-route-option-vendor-total', 'vendor-order', 'inventory-item', 'inventory-transaction'] as const;

export const orderRoutes = defineResource<OrderRouteListItem, never, never, OrderRouteDetail>('order-route', { related: ROUTING });
export const routeItems = defineResource<OrderRouteItemListItem>('order-route-item');
export const routeOptions = defineResource<OrderRouteOptionListItem>('order-route-option');
export const vendorTotals = defineResource<OrderRouteOptionVendorTotalListItem>('order-route-option-vendor-total');
export const vendorOrders = defineResource<VendorOrderListItem, never, never, VendorOrderDetail>('vendor-order', { related: ROUTING });
/** Vendors for the filters (name and id). */
export const vendorNames = defineResource<{ id: number; name: string }>('vendor');

export function useChooseOption(routeId: number) {
  return useMutation({
    mutationFn: (optionId: number) => api.post<{ data: OrderRouteDetail }>(`order-route/${routeId}/choose`, { option_id: optionId }).then((r) => r.data),
    onSuccess: (route) => {
      changeCached<OrderRouteDetail>(orderRoutes.keys.item(route.id), () => route);
      return invalidate(orderRoutes, { keep: orderRoutes.keys.item(route.id) });
    },
  });
}

/** Recomputing is a job: it is tracked by the header's indicator; its result names the new route. */
export function useRecomputeRoute(routeId: number) {
  return useMutation({
    mutationFn: () => api.post<{ data: Job }>(`order-route/${routeId}/recompute`).then((r) => r.data),
    onSuccess: (job) => trackJob(job),
  });
}

export function useRouteOrder() {
  return useMutation({
    mutationFn: (orderId: number) => api.post<{ data: RouteComputed }>(`order/${orderId}/route`).then((r) => r.data),
    onSuccess: () => invalidate(orderRoutes),
  });
}

export function useVendorOrderAction(id: number) {
  return useMutation({
    mutationFn: ({ action, body }: { action: VendorOrderAction; body: Record<string, unknown> }) =>
      api.post<{ data: VendorOrderDetail }>(`vendor-order/${id}/${action}`, body).then((r) => r.data),
    onSuccess: (vo) => {
      changeCached<VendorOrderDetail>(vendorOrders.keys.item(vo.id), () => vo);
      return invalidate(vendorOrders, { keep: vendorOrders.keys.item(vo.id) });
    },
  });
}
