/** The vendor page's Activity tab: who changed the vendor and its credentials, and what (before → after). */
import type { AuditEntry } from '@qm/contracts';
import { ActivityTable } from '../../audit/parts/ActivityTable';
import { useVendorActivity } from '../api';

const ENTITY_LABEL: Record<string, string> = { vendor: 'Vendor', vendor_credential: 'Credential' };
const label = (v: unknown) => String((v as { label?: string } | null)?.label ?? '');

const what = (e: AuditEntry) => `${ENTITY_LABEL[e.entity] ?? e.entity} #${e.entity_id}${e.entity === 'vendor_credential' ? ` · ${label(e.after) || label(e.before)}` : ''}`;

export function VendorActivity({ vendorId }: { vendorId: number }) {
  return <ActivityTable activity={useVendorActivity(vendorId)} entity="vendor" entityId={vendorId} what={what} />;
}
