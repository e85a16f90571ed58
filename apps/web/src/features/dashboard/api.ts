/** Dashboard area: the day's orders view, the figures and recent activity of `GET dashboard`. */
import { useQuery } from '@tanstack/react-query';
import type { AuditEntry, DashboardOrders } from '@qm/contracts';
import { api } from '../../lib/api';
import { defineResource } from '../../lib/resource';

export interface DashboardData {
  recent_activity: AuditEntry[];
  counts: Partial<Record<'users_active' | 'audit_today' | 'client_errors_today', number>>;
  /** The day's orders view (null for those who do not read orders). */
  orders: DashboardOrders | null;
}

export const dashboard = defineResource<DashboardData>('dashboard');

export function useDashboard() {
  return useQuery({ queryKey: dashboard.keys.all, queryFn: ({ signal }) => api.data<DashboardData>(dashboard.path, undefined, signal) });
}
