/** Dashboard area: the figures and recent activity of `GET dashboard`. */
import { useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@qm/contracts';
import { api } from '../../lib/api';
import { defineResource } from '../../lib/resource';

export interface DashboardData {
  recent_activity: AuditEntry[];
  counts: Partial<Record<'users_active' | 'audit_today' | 'client_errors_today', number>>;
}

export const dashboard = defineResource<DashboardData>('dashboard');

export function useDashboard() {
  return useQuery({ queryKey: dashboard.keys.all, queryFn: ({ signal }) => api.data<DashboardData>(dashboard.path, undefined, signal) });
}
