/**
 * The header's jobs indicator: the signed-in user's running and recent jobs (imports, large exports),
 * with progress, the file of a finished export, why one failed, and cancel. Its badge counts the jobs
 * still running.
 */
import { ActionIcon, Anchor, Badge, Button, Group, Indicator, Loader, Popover, Progress, Stack, Text, Tooltip } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Indicator.css';
import { notifications } from '@mantine/notifications';
import type { ExportResult, Job } from '@qm/contracts';
import { errorMessage } from '../lib/api';
import { formatDateTime, formatInteger } from '../lib/format';
import { fileDownloadPath, isActive, useCancelJob, useMyJobs } from '../lib/jobs';
import { downloadFile } from './report/api';

const STATUS_COLOR: Record<Job['status'], string> = { queued: 'gray', running: 'blue', succeeded: 'teal', failed: 'red', cancelled: 'gray' };

function IconJobs(p: { size?: number }) {
  const s = p.size ?? 16;
  return (
    <svg width={s} height={s} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M12 3v12" />
      <path d="m7 10 5 5 5-5" />
      <path d="M5 21h14" />
    </svg>
  );
}

function JobRow({ job }: { job: Job }) {
  const cancel = useCancelJob();
  const result = job.result as Partial<ExportResult> | null;
  const pct = job.total ? Math.round((job.progress / job.total) * 100) : null;
  return (
    <Stack gap={4} className="qm-job-row" data-testid="job-row">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500} lineClamp={1}>
          {job.title}
        </Text>
        <Badge size="xs" variant="light" color={STATUS_COLOR[job.status]}>
          {job.status}
        </Badge>
      </Group>
      {isActive(job) ? (
        <Group gap="xs" wrap="nowrap">
          <Progress value={pct ?? 0} size="sm" style={{ flex: 1 }} aria-label={`${job.title} progress`} animated={pct === null} />
          <Text size="xs" c="dimmed" miw={70} ta="right">
            {job.total ? `${formatInteger(job.progress)} / ${formatInteger(job.total)}` : job.status === 'queued' ? 'Waiting' : ''}
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            loading={cancel.isPending && cancel.variables === job.id}
            disabled={Boolean(job.cancel_requested_at)}
            onClick={() => cancel.mutate(job.id, { onError: (e) => notifications.show({ color: 'red', title: 'Could not cancel', message: errorMessage(e) }) })}
          >
            {job.cancel_requested_at ? 'Cancelling…' : 'Cancel'}
          </Button>
        </Group>
      ) : null}
      {job.status === 'succeeded' && result?.file_id ? (
        <Anchor
          component="button"
          size="xs"
          ta="left"
          onClick={() =>
            void downloadFile(fileDownloadPath(result.file_id!), result.name ?? 'export').catch((e) =>
              notifications.show({ color: 'red', title: 'Could not download', message: errorMessage(e) }),
            )
          }
        >
          Download {result.name}
          {result.rows !== undefined ? ` (${formatInteger(result.rows)} rows)` : ''}
        </Anchor>
      ) : null}
      {job.status === 'failed' ? (
        <Text size="xs" c="red.8" className="qm-job-error">
          {job.error ?? 'The job failed.'}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        {formatDateTime(job.finished_at ?? job.created_at)}
        {job.message && isActive(job) ? ` · ${job.message}` : ''}
      </Text>
    </Stack>
  );
}

export function JobsIndicator() {
  const jobs = useMyJobs(8);
  const list = jobs.data?.data ?? [];
  const running = list.filter(isActive).length;
  const label = running ? `Jobs: ${running} running` : 'Jobs';
  return (
    <Popover position="bottom-end" width={340} shadow="md" withinPortal>
      <Popover.Target>
        <Tooltip label={label}>
          <Indicator disabled={!running} label={running} size={16} offset={4} color="blue">
            <ActionIcon variant="default" size={30} aria-label={label} data-testid="jobs-indicator">
              {running ? <Loader size={14} /> : <IconJobs />}
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p="sm">
        <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={6}>
          Your jobs
        </Text>
        {jobs.isError ? (
          <Text size="sm" c="red.8">
            {errorMessage(jobs.error)}
          </Text>
        ) : list.length === 0 ? (
          <Text size="sm" c="dimmed">
            No jobs yet. Large exports and imports run here.
          </Text>
        ) : (
          <Stack gap="sm" mah={420} style={{ overflowY: 'auto' }}>
            {list.map((j) => (
              <JobRow key={j.id} job={j} />
            ))}
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
