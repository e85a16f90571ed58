/** Links into the Logs screen and labels shared by the dashboard and the audit log. */
import { ROUTES, isAllowed } from '@qm/contracts';

export const LOGS_PATH = '/report/log';

/** Logs filtered to one entity (and one item of it when known). */
export function auditLink(entity: string, entityId?: string | null): string {
  const p = new URLSearchParams();
  p.set('filter[entity]', entity);
  if (entityId) p.set('filter[entity_id]', entityId);
  return `${LOGS_PATH}?${p.toString()}`;
}

export function entityLabel(entity: string, entityId?: string | null): string {
  const name = entity.replace(/[_-]/g, ' ');
  return entityId ? `${name} #${entityId}` : name;
}

export function actionColor(action: string): string {
  switch (action) {
    case 'create':
      return 'teal';
    case 'update':
      return 'blue';
    case 'delete':
    case 'deactivate':
      return 'red';
    case 'impersonate':
    case 'reveal':
      return 'orange';
    case 'password_reset':
      return 'grape';
    default:
      return 'gray';
  }
}

/**
 * The page of the record an entry is about (`order_route` 3891 → `/order-route/3891`), when the
 * console has a page for one such record and the user may open it; else null.
 */
export function recordPath(entity: string, entityId: string | null, held: readonly string[]): string | null {
  if (!entityId || !/^\d+$/.test(entityId)) return null;
  const base = entity.replace(/_/g, '-');
  const route = ROUTES.find((r) => r.path === `${base}/:id`);
  return route && isAllowed(route.permissions, held) ? `/${base}/${entityId}` : null;
}
