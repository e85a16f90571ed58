/**
 * Compliance area: restriction types, zip code groups, restrictions, and the restriction search
 * (a cart to an address, where items are restricted, what is restricted at a place).
 */
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ComplianceCheckResult,
  CompliancePlaceResult,
  ComplianceRestriction,
  ComplianceRestrictionCreate,
  ComplianceRestrictionType,
  ComplianceRestrictionTypeCreate,
  ComplianceRestrictionTypeUpdate,
  ComplianceRestrictionUpdate,
  ComplianceWhereResult,
  RestrictionCatch,
  RestrictionHistoryEntry,
  ZipCodeGroup,
  ZipCodeGroupCreate,
  ZipCodeGroupUpdate,
} from '@qm/contracts';
import { api } from '../../lib/api';
import { defineResource } from '../../lib/resource';

/** Everything that shows restrictions: the search answers change with any of them. */
const RULES = ['compliance-restriction', 'compliance-restriction-type', 'zip-code-group'];

export const restrictionTypes = defineResource<ComplianceRestrictionType, z.output<typeof ComplianceRestrictionTypeCreate>, z.output<typeof ComplianceRestrictionTypeUpdate>>(
  'compliance-restriction-type',
  { related: RULES },
);
export const zipCodeGroups = defineResource<ZipCodeGroup, z.output<typeof ZipCodeGroupCreate>, z.output<typeof ZipCodeGroupUpdate>>('zip-code-group', { related: RULES });
export const restrictions = defineResource<ComplianceRestriction, z.output<typeof ComplianceRestrictionCreate>, z.output<typeof ComplianceRestrictionUpdate>>(
  'compliance-restriction',
  { related: RULES },
);

const ALL = { per_page: 500, page: 1 };

/** Restriction types for selects. */
export function useRestrictionTypeOptions() {
  const q = useQuery({
    queryKey: restrictionTypes.keys.part('options'),
    queryFn: ({ signal }) => api.list<ComplianceRestrictionType>(restrictionTypes.path, { ...ALL, sort: 'effect' }, signal).then((r) => r.data),
    staleTime: 60_000,
  });
  return { ...q, options: (q.data ?? []).map((t) => ({ value: String(t.id), label: t.name })) };
}

/** Zip code groups for selects. */
export function useZipGroupOptions() {
  const q = useQuery({
    queryKey: zipCodeGroups.keys.part('options'),
    queryFn: ({ signal }) => api.list<ZipCodeGroup>(zipCodeGroups.path, { ...ALL, sort: 'name' }, signal).then((r) => r.data),
    staleTime: 60_000,
  });
  return { ...q, options: (q.data ?? []).map((g) => ({ value: String(g.id), label: g.name })) };
}

/** The products a restriction catches (count and a sample). */
export function useRestrictionCatch(id: number) {
  return useQuery({
    queryKey: restrictions.keys.part('products', id),
    queryFn: ({ signal }) => api.data<RestrictionCatch>(`${restrictions.path}/${id}/products`, undefined, signal),
  });
}

/** The audit history of a restriction. */
export function useRestrictionHistory(id: number) {
  return useQuery({
    queryKey: restrictions.keys.part('history', id),
    queryFn: ({ signal }) => api.data<RestrictionHistoryEntry[]>(`${restrictions.path}/${id}/history`, undefined, signal),
  });
}

export interface CartLine {
  product_id?: number;
  variant_id?: number;
  quantity: number;
}

/** Items (a cart) to an address: every rule, the outcome and why. */
export function useComplianceCheck(body: { items: CartLine[]; state: string; zip?: string; date?: string } | null) {
  return useQuery({
    queryKey: restrictions.keys.part('check', JSON.stringify(body)),
    queryFn: () => api.post<{ data: ComplianceCheckResult }>(`${restrictions.path}/search/check`, body).then((r) => r.data),
    enabled: body !== null && body.items.length > 0,
  });
}

/** What is restricted in a state or at a zip code. */
export function useRestrictedAt(place: { state?: string; zip?: string; date?: string } | null) {
  return useQuery({
    queryKey: restrictions.keys.part('place', JSON.stringify(place)),
    queryFn: ({ signal }) => api.data<CompliancePlaceResult>(`${restrictions.path}/search/place`, place ?? {}, signal),
    enabled: place !== null,
  });
}

/** Where items are restricted (the product editor's Compliance panel). */
export function useWhereRestricted(items: CartLine[]) {
  return useQuery({
    queryKey: restrictions.keys.part('where', JSON.stringify(items)),
    queryFn: () => api.post<{ data: ComplianceWhereResult }>(`${restrictions.path}/search/where`, { items }).then((r) => r.data),
    enabled: items.length > 0,
  });
}
