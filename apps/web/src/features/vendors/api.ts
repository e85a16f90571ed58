/**
 * Vendors area: vendors, fee schemas (and their preview), credentials (and Reveal), a vendor's
 * activity. Reads are queries; writes are mutations that keep items up to date and make stale what
 * they change, so screens never call the API nor invalidate by hand.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CONSTANTS,
  type AuditEntry,
  type FeePreview,
  type FeePreviewRequest,
  type Vendor,
  type VendorCreate,
  type VendorCredential,
  type VendorCredentialCreate,
  type VendorCredentialUpdate,
  type VendorFeeSchema,
  type VendorFeeSchemaCreate,
  type VendorFeeSchemaUpdate,
  type VendorUpdate,
} from '@qm/contracts';
import { api } from '../../lib/api';
import { defineResource, invalidate } from '../../lib/resource';

export const vendors = defineResource<Vendor, VendorCreate, VendorUpdate>('vendor', { related: ['vendor-credential', 'vendor-fee-schema'] });
export const feeSchemas = defineResource<VendorFeeSchema, VendorFeeSchemaCreate, VendorFeeSchemaUpdate>('vendor-fee-schema', { related: ['vendor'] });
export const credentials = defineResource<VendorCredential, VendorCredentialCreate, VendorCredentialUpdate>('vendor-credential', { related: ['vendor'] });

const ALL = { per_page: CONSTANTS.maxPerPage };

/** Vendors for selects (`{ value, label }`), active ones first. */
export function useVendorOptions() {
  const q = useQuery({
    queryKey: vendors.keys.part('options'),
    queryFn: ({ signal }) => api.list<Vendor>(vendors.path, { ...ALL, sort: 'name' }, signal).then((r) => r.data),
    staleTime: 60_000,
  });
  const rows = q.data ?? [];
  const options = [...rows.filter((v) => v.is_active), ...rows.filter((v) => !v.is_active)].map((v) => ({ value: String(v.id), label: v.is_active ? `${v.name} (${v.code})` : `${v.name} (${v.code}, inactive)` }));
  return { ...q, options };
}

/** Fee schemas for selects. */
export function useFeeSchemaOptions() {
  const q = useQuery({
    queryKey: feeSchemas.keys.part('options'),
    queryFn: ({ signal }) => api.list<VendorFeeSchema>(feeSchemas.path, { ...ALL, sort: 'name' }, signal).then((r) => r.data),
    staleTime: 60_000,
  });
  return { ...q, options: (q.data ?? []).map((s) => ({ value: String(s.id), label: s.name })) };
}

/** Create, update (keeps the item) of a vendor or a fee schema, for the editors. */
function useSaveMutations<C, U, I extends { id: number }>(r: { path: string; keys: ReturnType<typeof defineResource>['keys']; related: readonly string[] }) {
  const client = useQueryClient();
  const create = useMutation({
    mutationFn: (values: C) => api.post<{ data: I }>(r.path, values).then((res) => res.data),
    onSuccess: () => invalidate(r as never),
  });
  const update = useMutation({
    mutationFn: ({ id, values }: { id: number; values: U }) => api.put<{ data: I }>(`${r.path}/${id}`, values).then((res) => res.data),
    onSuccess: (data) => {
      client.setQueryData(r.keys.item(data.id), data);
      return invalidate(r as never, { keep: r.keys.item(data.id) });
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`${r.path}/${id}`),
    onSuccess: (_d, id) => {
      client.removeQueries({ queryKey: r.keys.item(id) });
      return invalidate(r as never);
    },
  });
  return { create, update, remove };
}

export const useVendorMutations = () => useSaveMutations<VendorCreate, VendorUpdate, Vendor>(vendors);
export const useFeeSchemaMutations = () => useSaveMutations<VendorFeeSchemaCreate, VendorFeeSchemaUpdate, VendorFeeSchema>(feeSchemas);

/** The vendor's audit entries and its credentials' (`GET vendor/{id}/activity`). */
export function useVendorActivity(id: number) {
  return useQuery({
    queryKey: vendors.keys.part('activity', id),
    queryFn: ({ signal }) => api.data<AuditEntry[]>(`${vendors.path}/${id}/activity`, undefined, signal),
  });
}

/** The fees of a basket under a schema (`POST vendor-fee-schema/{id}/preview`); writes nothing. */
export function usePreviewFees(schemaId: number) {
  return useMutation({
    mutationFn: (body: FeePreviewRequest) => api.post<{ data: FeePreview }>(`${feeSchemas.path}/${schemaId}/preview`, body).then((r) => r.data),
  });
}

/** A credential's secret (`POST vendor-credential/{id}/reveal`, audited); the audit log is stale after it. */
export function useRevealCredential() {
  return useMutation({
    mutationFn: (id: number) => api.post<{ data: { secret: string | null } }>(`${credentials.path}/${id}/reveal`).then((r) => r.data.secret),
    onSuccess: () => invalidate(['audit-log', 'vendor']),
  });
}
