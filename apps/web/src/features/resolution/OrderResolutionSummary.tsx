/**
 * Order Resolution Summary: the resolution reasons over time — cases opened and resolved per day
 * (chart), time to resolve per reason, and per store and reason — for a date range, store and reason
 * held in the URL.
 */
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Anchor, Group, Paper, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { RESOLUTION_REASON_CODES, RESOLUTION_REASON_LABELS } from '@qm/contracts';
import { formatDate, formatInteger } from '../../lib/format';
import { useStoreOptions } from '../../lib/lookups';
import { DateRangeInput } from '../../ui/inputs';
import { PageHeader } from '../../ui/PageHeader';
import { ErrorState, Spinner } from '../../ui/states';
import { TableHead } from '../../ui/TableHead';
import { useResolutionSummary } from './api';
import { hoursText } from './parts/age';

const SummaryChart = lazy(() => import('./parts/SummaryChart'));
const KEYS = ['from', 'to', 'store_id', 'reason'];

export default function OrderResolutionSummaryScreen() {
  const [params, setParams] = useSearchParams();
  const query = new URLSearchParams();
  for (const k of KEYS) {
    const v = params.get(k);
    if (v) query.set(k, v);
  }
  const res = useResolutionSummary(query);
  const stores = useStoreOptions();
  const update = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next);
  };
  const d = res.data;
  const link = (reason: string, store?: number) => `/order-resolution?reason=${reason}${store ? `&store_id=${store}` : ''}`;

  return (
    <Stack gap="md">
      <PageHeader description="Resolution cases over time: opened and resolved per day, and how long they took to resolve (hours from opened to resolved, of the cases resolved in the range)." />
      <Group gap="sm" align="flex-end">
        {/* the days shown: those asked for, else the range the server chose (the last 90 days) */}
        <DateRangeInput label="Days" value={[params.get('from') ?? d?.from ?? null, params.get('to') ?? d?.to ?? null]} onChange={([from, to]) => update({ from, to })} />
        <Select
          label="Store"
          size="xs"
          w={200}
          clearable
          placeholder="All stores"
          data={stores.options}
          value={params.get('store_id')}
          onChange={(v) => update({ store_id: v })}
        />
        <Select
          label="Reason"
          size="xs"
          w={200}
          clearable
          placeholder="Every reason"
          data={RESOLUTION_REASON_CODES.map((r) => ({ value: r, label: RESOLUTION_REASON_LABELS[r] }))}
          value={params.get('reason')}
          onChange={(v) => update({ reason: v })}
        />
        <Anchor component={Link} to="/order-resolution" size="sm" pb={6}>
          Open cases now
        </Anchor>
      </Group>
      {res.isPending ? <Spinner /> : null}
      {res.isError ? <ErrorState error={res.error} onRetry={() => void res.refetch()} title="Could not load the summary" /> : null}
      {d ? (
        <>
          <Text size="sm" c="dimmed">
            {formatDate(d.from)} to {formatDate(d.to)}: {formatInteger(d.totals.opened)} opened, {formatInteger(d.totals.resolved)} resolved, {formatInteger(d.totals.open_now)} open now
            {d.totals.median_hours !== null ? `; median time to resolve ${hoursText(d.totals.median_hours)}, average ${hoursText(d.totals.avg_hours)}` : ''}.
          </Text>
          <Suspense fallback={<Skeleton h={280} />}>
            <SummaryChart days={d.days} />
          </Suspense>
          <Paper withBorder radius="sm">
            <Title order={2} size="h5" px="sm" pt="xs">
              By reason
            </Title>
            <Table striped fz="sm" verticalSpacing={5} aria-label="By reason">
              <TableHead cells={['Reason', { label: 'Opened', ta: 'right' }, { label: 'Resolved', ta: 'right' }, { label: 'Open now', ta: 'right' }, { label: 'Median to resolve', ta: 'right' }, { label: 'Average to resolve', ta: 'right' }]} />
              <Table.Tbody>
                {d.reasons.map((r) => (
                  <Table.Tr key={r.reason}>
                    <Table.Td>{r.label}</Table.Td>
                    <Table.Td ta="right">{formatInteger(r.opened)}</Table.Td>
                    <Table.Td ta="right">{formatInteger(r.resolved)}</Table.Td>
                    <Table.Td ta="right">
                      {r.open_now ? (
                        <Anchor component={Link} to={link(r.reason, query.get('store_id') ? Number(query.get('store_id')) : undefined)} size="sm">
                          {formatInteger(r.open_now)}
                        </Anchor>
                      ) : (
                        '0'
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{hoursText(r.median_hours)}</Table.Td>
                    <Table.Td ta="right">{hoursText(r.avg_hours)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr fw={600}>
                  <Table.Td>Total</Table.Td>
                  <Table.Td ta="right">{formatInteger(d.totals.opened)}</Table.Td>
                  <Table.Td ta="right">{formatInteger(d.totals.resolved)}</Table.Td>
                  <Table.Td ta="right">{formatInteger(d.totals.open_now)}</Table.Td>
                  <Table.Td ta="right">{hoursText(d.totals.median_hours)}</Table.Td>
                  <Table.Td ta="right">{hoursText(d.totals.avg_hours)}</Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Paper>
          <Paper withBorder radius="sm">
            <Title order={2} size="h5" px="sm" pt="xs">
              By store and reason
            </Title>
            {d.by_store.length === 0 ? (
              <Text size="sm" c="dimmed" p="sm">
                No case opened or resolved in these days.
              </Text>
            ) : (
              <Table striped fz="sm" verticalSpacing={5} aria-label="By store and reason">
                <TableHead cells={['Store', 'Reason', { label: 'Opened', ta: 'right' }, { label: 'Resolved', ta: 'right' }, { label: 'Median to resolve', ta: 'right' }, { label: 'Average to resolve', ta: 'right' }]} />
                <Table.Tbody>
                  {d.by_store.map((r) => (
                    <Table.Tr key={`${r.store_id}-${r.reason}`}>
                      <Table.Td>{r.store}</Table.Td>
                      <Table.Td>{r.label}</Table.Td>
                      <Table.Td ta="right">{formatInteger(r.opened)}</Table.Td>
                      <Table.Td ta="right">{formatInteger(r.resolved)}</Table.Td>
                      <Table.Td ta="right">{hoursText(r.median_hours)}</Table.Td>
                      <Table.Td ta="right">{hoursText(r.avg_hours)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Paper>
        </>
      ) : null}
    </Stack>
  );
}
