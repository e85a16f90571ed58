/**
 * Background jobs as the console follows them (imports, large exports, …): one job by id, polled while
 * it runs, and the signed-in user's recent jobs (the header's indicator). Starting a job is the
 * area's own mutation (its endpoint answers `202 { data: job }`); then `trackJob(job)` shows it here at once.
 */
import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ACTIVE_JOB_STATUSES, type Job } from '@qm/contracts';
import { api } from './api';
import { queryClient } from './queryClient';
import { defineResource, invalidate } from './resource';

export const jobs = defineResource<Job>('job');

/** How often a job that is still queued or running is read again. */
export const JOB_POLL_MS = 1000;

export const isActive = (job: Pick<Job, 'status'> | undefined) => Boolean(job && ACTIVE_JOB_STATUSES.includes(job.status));

/** One job, read every second until it has ended; `id` null reads nothing. */
export function useJob(id: number | null) {
  return useQuery({
    queryKey: jobs.keys.item(id ?? 0),
    queryFn: ({ signal }) => api.data<Job>(`job/${id}`, undefined, signal),
    enabled: id !== null,
    refetchInterval: (q) => (isActive(q.state.data) ? JOB_POLL_MS : false),
  });
}

/** The signed-in user's latest jobs, read every second while one of them runs (else every 15 s). */
export function useMyJobs(limit = 10) {
  return useQuery({
    queryKey: jobs.keys.list(`mine-${limit}`),
    queryFn: ({ signal }) => api.list<Job>('job', { per_page: limit, sort: '-id' }, signal),
    refetchInterval: (q) => (q.state.data?.data.some(isActive) ? JOB_POLL_MS : 15_000),
  });
}

/** A job just started: shown by the indicator and `useJob` without waiting for the next poll. */
export function trackJob(job: Job) {
  queryClient.setQueryData(jobs.keys.item(job.id), job);
  void invalidate(jobs);
}

/**
 * A job the screen started, followed until it ends: `onProgress` at each reading while it runs,
 * `onEnd` once when it has ended (succeeded, failed or cancelled), then it is let go. `follow(job)`
 * starts following a job just started (shown by the indicator at once); `following` while one is.
 */
export function useFollowJob(handlers: { onProgress?: (job: Job) => void; onEnd: (job: Job) => void }) {
  const [id, setId] = useState<number | null>(null);
  const job = useJob(id).data;
  // the latest handlers, without following again when the screen passes new ones
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!job || job.id !== id) return;
    if (isActive(job)) {
      latest.current.onProgress?.(job);
      return;
    }
    setId(null);
    latest.current.onEnd(job);
  }, [job, id]);
  return {
    follow: (started: Job) => {
      trackJob(started);
      setId(started.id);
    },
    following: id !== null,
  };
}

export function useCancelJob() {
  return useMutation({
    mutationFn: (id: number) => api.post<{ data: Job }>(`job/${id}/cancel`).then((r) => r.data),
    onSuccess: (job) => trackJob(job),
  });
}

/** Where the file an export job wrote (`result.file_id`), or a kept file of the download log, is downloaded. */
export const fileDownloadPath = (fileId: number) => `file/${fileId}`;
