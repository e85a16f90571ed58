/** Audit area: the audit log of every write and the errors browsers reported. */
import type { AuditEntry, ClientError, ClientErrorDetail } from '@qm/contracts';
import { defineResource, useResourceItem } from '../../lib/resource';

export const auditLog = defineResource<AuditEntry>('audit-log');
export const clientErrors = defineResource<ClientError, never, never, ClientErrorDetail>('client-error');

/** One browser error report with its payload (the list leaves payloads out). */
export function useClientError(id: number) {
  return useResourceItem(clientErrors, id, { staleTime: 30_000 });
}
