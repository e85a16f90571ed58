/** Loading, empty and failure states shared by every screen. */
import type { ReactNode } from 'react';
import { Alert, Button, Center, Group, Loader, Skeleton, Stack, Table, Text } from '@mantine/core';
import { ApiError, errorMessage } from '../lib/api';
import { IconAlert, IconRefresh } from './icons';

export function Spinner({ label = 'Loading…', minHeight = 160 }: { label?: string; minHeight?: number }) {
  return (
    <Center mih={minHeight} role="status" aria-live="polite">
      <Group gap="xs">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Group>
    </Center>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack align="center" gap={4} py="xl">
      <Text fw={500}>{title}</Text>
      {children ? (
        <Text size="sm" c="dimmed">
          {children}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * Whether asking again may succeed: the server could not be reached, was busy or failed. An answer
 * about the request itself (not found, not allowed, refused) stays the same, so it offers no Retry.
 */
export function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

export function ErrorState({ error, onRetry, title = 'Could not load this' }: { error: unknown; onRetry?: () => void; title?: string }) {
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlert />} role="alert">
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm">{errorMessage(error)}</Text>
        {onRetry && isRetryable(error) ? (
          <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={onRetry}>
            Retry
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}

/** A table's first page loading: rows of grey bars in its columns, hidden from assistive technology (the table says it is busy). */
export function SkeletonRows({ columns, rows = 8 }: { columns: number; rows?: number }) {
  return Array.from({ length: rows }, (_, i) => (
    <Table.Tr key={`sk${i}`} aria-hidden>
      {Array.from({ length: columns }, (_, j) => (
        <Table.Td key={j}>
          <Skeleton height={12} radius="sm" />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}
