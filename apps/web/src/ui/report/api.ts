/**
 * Reports as the console reads them: a report's definition (columns per grouping, filters with their
 * choices, chart), one page with its totals and chart, and exports (a file now, or a job).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Job, ReportAnswer, ReportDefinition } from '@qm/contracts';
import { api, request, send } from '../../lib/api';
import { trackJob } from '../../lib/jobs';
import { resourceKeys } from '../../lib/queryKeys';
import { queryClient } from '../../lib/queryClient';

const keysOf = (name: string) => resourceKeys(`report/${name}`);

export function useReportDefinition(name: string) {
  return useQuery({
    queryKey: keysOf(name).part('definition'),
    queryFn: ({ signal }) => api.data<ReportDefinition>(`report/${name}/definition`, undefined, signal),
    staleTime: 5 * 60_000,
  });
}

/** One page of a report for the URL's filters, grouping, sort and page (kept on screen while the next loads). */
export function useReport(name: string, query: URLSearchParams) {
  const search = query.toString();
  return useQuery({
    queryKey: keysOf(name).list(search),
    queryFn: ({ signal }) => request<ReportAnswer>(`report/${name}`, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Saves a response's body under the name its Content-Disposition gives. */
async function saveResponse(res: Response, fallbackName: string) {
  const blob = await res.blob();
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(res.headers.get('Content-Disposition') ?? '');
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = match ? decodeURIComponent(match[1]) : fallbackName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/**
 * Exports a report: a small one is downloaded at once (`{ job: null }`); a large one starts a job
 * (`{ job }`), shown at once by the jobs indicator.
 */
export async function exportReport(name: string, query: URLSearchParams, format: 'csv' | 'xlsx'): Promise<{ job: Job | null }> {
  const q = new URLSearchParams(query);
  q.delete('page');
  q.delete('per_page');
  q.set('format', format);
  const res = await send(`report/${name}/export`, { query: q, accept: '*/*' });
  if (res.status === 202) {
    const job = ((await res.json()) as { data: Job }).data;
    trackJob(job);
    return { job };
  }
  await saveResponse(res, `${name}.${format}`);
  return { job: null };
}

/** Downloads a kept file (an export job's result, or a download log entry's file). */
export async function downloadFile(path: string, fallbackName: string) {
  await saveResponse(await send(path, { accept: '*/*' }), fallbackName);
}

/** Reads a report again (after a write its rows show, e.g. an adjustment from a row action). */
export function refreshReport(name: string) {
  return queryClient.invalidateQueries({ queryKey: keysOf(name).all });
}
