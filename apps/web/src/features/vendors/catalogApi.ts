/**
 * Vendors' catalogues and their imports (the vendor page's catalogue tab): one vendor's lines
 * (`vendor/{id}/product`, a list of `vendor-product`), matching by hand or again, uploading a file,
 * its columns, the preview and the apply (jobs followed with lib/jobs).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ImportColumns, ImportPreviewBody, ImportStarted, StoredFileInfo, VendorImport, VendorMatchResult, VendorProduct, VendorProductUpdate } from '@qm/contracts';
import { api, ApiError, request } from '../../lib/api';
import { trackJob } from '../../lib/jobs';
import { defineResource, invalidate } from '../../lib/resource';

/** Every vendor's lines (`GET vendor-product`); writes go to its items. */
export const vendorProducts = defineResource<VendorProduct>('vendor-product');
export const vendorImports = defineResource<VendorImport>('vendor-import');

/** One vendor's lines, as the tab's list reads them (`GET vendor/{id}/product`). */
export const vendorCatalog = (vendorId: number) => defineResource<VendorProduct>(`vendor/${vendorId}/product`);

/** What a change of lines makes stale: every list of lines and the vendor's own. */
const linesChanged = (vendorId: number) => invalidate([vendorProducts, vendorCatalog(vendorId)]);

export function useMatchLine(vendorId: number) {
  return useMutation({
    mutationFn: ({ id, variantId }: { id: number; variantId: number | null }) =>
      (variantId === null
        ? api.delete<{ data: VendorProduct }>(`vendor-product/${id}/match`)
        : api.put<{ data: VendorProduct }>(`vendor-product/${id}/match`, { variant_id: variantId })
      ).then((r) => r.data),
    onSuccess: () => linesChanged(vendorId),
  });
}

/** A line corrected by hand (`PUT vendor-product/{id}`): cost, stock, drop-ship, MAP, and the match when given. */
export function useUpdateLine(vendorId: number) {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: VendorProductUpdate }) => api.put<{ data: VendorProduct }>(`vendor-product/${id}`, body).then((r) => r.data),
    onSuccess: () => linesChanged(vendorId),
  });
}

export function useMatchAgain(vendorId: number) {
  return useMutation({
    mutationFn: () => api.post<{ data: VendorMatchResult }>(`vendor/${vendorId}/match`).then((r) => r.data),
    onSuccess: () => linesChanged(vendorId),
  });
}

/** Uploads a file as it is (`POST file`, the bytes as the body) and answers what was stored; a 401 ends the session as any request's does. */
async function uploadFile(file: File): Promise<StoredFileInfo> {
  const contentType = file.name.toLowerCase().endsWith('.xlsx') ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv';
  const body = await request<{ data?: StoredFileInfo }>('file', { method: 'POST', raw: { body: file, contentType, headers: { 'X-File-Name': encodeURIComponent(file.name) } } });
  if (!body?.data) throw new ApiError(0, 'http_error', 'The upload was not stored: the server answered no file');
  return body.data;
}

/** Upload, then read the file's columns and the mapping proposed for the vendor. */
export function useUploadForImport(vendorId: number) {
  return useMutation({
    mutationFn: async (file: File) => {
      const stored = await uploadFile(file);
      const columns = await api.post<{ data: ImportColumns }>(`vendor/${vendorId}/import/columns`, { file_id: stored.id }).then((r) => r.data);
      return { fileId: stored.id, columns };
    },
  });
}

export function usePreviewImport(vendorId: number) {
  return useMutation({
    mutationFn: (body: ImportPreviewBody) => api.post<{ data: ImportStarted }>(`vendor/${vendorId}/import/preview`, body).then((r) => r.data),
    onSuccess: (started) => trackJob(started.job),
  });
}

export function useApplyImport(vendorId: number) {
  return useMutation({
    mutationFn: (importId: number) => api.post<{ data: ImportStarted }>(`vendor/${vendorId}/import/apply`, { import_id: importId }).then((r) => r.data),
    onSuccess: (started) => trackJob(started.job),
  });
}

/** One import (its preview), read again while `poll` is true. */
export function useVendorImport(id: number | null, poll: boolean) {
  return useQuery({
    queryKey: vendorImports.keys.item(id ?? 0),
    queryFn: ({ signal }) => api.data<VendorImport>(`vendor-import/${id}`, undefined, signal),
    enabled: id !== null,
    refetchInterval: poll ? 1000 : false,
  });
}

/** After an import was applied: the lines and imports shown anywhere are read again. */
export const importApplied = (vendorId: number) => invalidate([vendorProducts, vendorCatalog(vendorId), vendorImports]);
