/**
 * An order route (`/order-route/:id`), where a person works it: the order's lines with their
 * compliance outcome at the address, the ranked options side by side (total, shipments, per source
 * items / fees / shipping / total and minimum order, why each item went where, how much more than
 * option 1), a comparison of two options, Choose (confirmed), the infeasible candidates with their
 * reasons, and Recompute (a job). Once chosen: the vendor orders it created.
 */
import { VendorOrdersTable } from './parts/VendorOrdersTable';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Anchor, Badge, Button, Checkbox, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isAllowed, ORDER_STATUS_LABELS, ROUTING_STRATEGY_LABELS, type OrderRouteDetail } from '@qm/contracts';
import { errorMessage } from '../../lib/api';
import { formatCents, formatDateTime, formatInteger } from '../../lib/format';
import { useFollowJob } from '../../lib/jobs';
import { useResourceItem } from '../../lib/resource';
import { usePermissions } from '../../lib/session';
import { confirmDialog } from '../../ui/ConfirmDialog';
import { CodeDisplay, Fact, IntegerDisplay, MoneyDisplay } from '../../ui/displays';
import { EditorLoading, EditorRoute } from '../../ui/Editor';
import { PageHeader } from '../../ui/PageHeader';
import { orderRoutes, useChooseOption, useRecomputeRoute } from './api';
import { DeltaText, RouteStatusBadge } from './parts/display';
import { EffectBadge } from '../../ui/EffectBadge';
import { SourceTotals } from './parts/facts';
import { useStatusName } from '../../lib/lookups';
import { DETAIL_TABLE } from '../../ui/listParams';

type Option = OrderRouteDetail['options'][number];

export default function OrderRouteScreen() {
  return <EditorRoute noun="order route">{(id) => <RouteView key={id} id={id} />}</EditorRoute>;
}

function RouteView({ id }: { id: number }) {
  const canRoute = isAllowed(['orders.route'], usePermissions());
  const q = useResourceItem<OrderRouteDetail>(orderRoutes, id);
  const [compare, setCompare] = useState<number[]>([]);
  const orderStatus = useStatusName('order-status', ORDER_STATUS_LABELS);
  const r = q.data;
  if (!r) return <EditorLoading query={q} noun="route" />;
  const feasible = r.options.filter((o) => o.is_feasible);
  const infeasible = r.options.filter((o) => !o.is_feasible);
  const toggle = (optionId: number) => setCompare((c) => (c.includes(optionId) ? c.filter((x) => x !== optionId) : [...c.slice(-1), optionId]));
  const compared = compare.map((cid) => feasible.find((o) => o.id === cid)).filter((o): o is Option => !!o);
  return (
    <>
      <PageHeader
        title={`Route #${r.id} · order ${r.order_number}`}
        item={`Route #${r.id}`}
        description={
          <Anchor component={Link} to={`/order/${r.order_id}`} size="sm">
            Order {r.order_number} · {r.store_name}
          </Anchor>
        }
        actions={canRoute && r.chosen_option_id === null ? <RecomputeButton route={r} /> : undefined}
      />
      <Stack gap="sm">
        <Paper withBorder radius="sm" p="sm">
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
            <Fact label="Status">
              <RouteStatusBadge status={r.status} stale={r.is_stale} />
            </Fact>
            <Fact label="Strategy">{ROUTING_STRATEGY_LABELS[r.strategy]}</Fact>
            <Fact label="Ships to">
              {r.ship_to}
              {r.ship_to_dealer ? ' (licensed dealer)' : ''}
            </Fact>
            <Fact label="Computed">
              {formatDateTime(r.computed_at)} {r.created_by_name ? `by ${r.created_by_name}` : '(automatic)'}
            </Fact>
            <Fact label="Order status">{orderStatus(r.order_status)}</Fact>
            <Fact label="Best total">
              <MoneyDisplay cents={r.best_total_cents} />
            </Fact>
          </SimpleGrid>
        </Paper>
        {r.failure_reason ? (
          <Alert color="red" title="No feasible route">
            {/* the reason opens with the alert's title: said once */}
            {r.failure_reason.replace(/^No feasible route\.\s*/, '') || 'No source can take the order.'}
          </Alert>
        ) : null}
        {r.choose_blocked && r.chosen_option_id === null && !r.failure_reason ? (
          <Alert color="orange" title={r.is_stale ? 'This route is stale' : 'Cannot be chosen now'}>
            {r.choose_blocked}
          </Alert>
        ) : null}
        {r.vendor_orders.length ? <VendorOrdersPanel route={r} /> : null}

        <Paper withBorder radius="sm" p="sm">
          <Title order={2} size="h5" mb="xs">
            Items ({r.items.length})
          </Title>
          <Table {...DETAIL_TABLE} striped="even" aria-label="Route items">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>SKU</Table.Th>
                <Table.Th>Product</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th>Compliance at the address</Table.Th>
                <Table.Th>Why</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.items.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>
                    <CodeDisplay value={i.sku} />
                  </Table.Td>
                  <Table.Td>{i.title ?? ''}</Table.Td>
                  <Table.Td ta="right">
                    <IntegerDisplay value={i.quantity} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <EffectBadge effect={i.compliance_outcome} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{i.compliance_reason ?? ''}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>

        {feasible.length ? (
          <div>
            <Group justify="space-between" mb="xs">
              <Title order={2} size="h5">
                Options ({feasible.length})
              </Title>
              <Text size="xs" c="dimmed">
                {r.failure_reason ? 'They leave out the items that can go nowhere (why: above). ' : ''}Tick two options to compare them.
              </Text>
            </Group>
            {compared.length === 2 ? <Comparison a={compared[0]!} b={compared[1]!} onClose={() => setCompare([])} /> : null}
            {/* by the width the options have: a card holds its per-source table (≈ 460 px) without scrolling */}
            <SimpleGrid type="container" cols={{ base: 1, '960px': 2, '1500px': 3 }} spacing="sm">
              {feasible.map((o) => (
                <OptionCard key={o.id} route={r} option={o} canChoose={canRoute} comparing={compare.includes(o.id)} onCompare={() => toggle(o.id)} />
              ))}
            </SimpleGrid>
          </div>
        ) : null}

        {infeasible.length ? (
          <Paper withBorder radius="sm" p="sm">
            <Title order={2} size="h5" mb="xs">
              Infeasible candidates ({infeasible.length})
            </Title>
            <Table {...DETAIL_TABLE} aria-label="Infeasible candidates">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Candidate</Table.Th>
                  <Table.Th>Why it cannot be used</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {infeasible.map((o) => (
                  <Table.Tr key={o.id}>
                    <Table.Td>{o.description}</Table.Td>
                    <Table.Td>{o.infeasible_reason}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        ) : null}
      </Stack>
    </>
  );
}

function OptionCard({ route, option: o, canChoose, comparing, onCompare }: { route: OrderRouteDetail; option: Option; canChoose: boolean; comparing: boolean; onCompare: () => void }) {
  const choose = useChooseOption(route.id);
  const chosen = route.chosen_option_id === o.id;
  const run = async () => {
    const ok = await confirmDialog({
      title: `Choose option ${o.rank}?`,
      message: `This creates ${o.shipments} vendor order${o.shipments === 1 ? '' : 's'} (${o.description}) for ${formatCents(o.total_cents)} and takes warehouse stock now.`,
      confirmLabel: `Choose option ${o.rank}`,
      danger: false,
    });
    if (!ok) return;
    try {
      const after = await choose.mutateAsync(o.id);
      notifications.show({ color: 'teal', message: `Option ${o.rank} chosen: ${after.vendor_orders.map((v) => v.number).join(', ')}` });
    } catch (e) {
      notifications.show({ color: 'red', title: 'Not chosen', message: errorMessage(e) });
    }
  };
  return (
    <Paper withBorder radius="sm" p="sm" data-option={o.rank} style={chosen ? { borderColor: 'var(--mantine-color-teal-filled)', borderWidth: 2 } : undefined}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Group gap={6}>
            <Title order={3} size="h5">
              Option {o.rank}
            </Title>
            {o.rank === 1 ? (
              <Badge size="sm" radius="sm" variant="light" color="teal">
                Best
              </Badge>
            ) : null}
            {chosen ? (
              <Badge size="sm" radius="sm" color="teal">
                Chosen
              </Badge>
            ) : null}
          </Group>
          <Text size="sm">{o.description}</Text>
        </div>
        <div style={{ textAlign: 'right' }}>
          <Text fw={700} size="lg" className="qm-num" data-total>
            {formatCents(o.total_cents)}
          </Text>
          <Text size="xs" c="dimmed">
            {o.shipments} shipment{o.shipments === 1 ? '' : 's'}
          </Text>
          <DeltaText cents={o.delta_to_best_cents} />
        </div>
      </Group>
      <div style={{ marginTop: 8 }}>
        <SourceTotals totals={o.vendor_totals} caption={`Option ${o.rank} per source`} />
      </div>
      <Text size="xs" fw={600} mt="xs">
        Why each item went where
      </Text>
      <List size="xs" spacing={2}>
        {o.explanation.map((e, i) => (
          <List.Item key={i}>{e}</List.Item>
        ))}
      </List>
      <Group justify="space-between" mt="sm">
        <Checkbox size="xs" label="Compare" checked={comparing} onChange={onCompare} aria-label={`Compare option ${o.rank}`} />
        <Group gap="xs">
          <Button size="xs" variant="default" component={Link} to={`/order-route-option/${o.id}`}>
            Details
          </Button>
          {canChoose && route.choose_blocked === null ? (
            <Button size="xs" onClick={() => void run()} loading={choose.isPending}>
              Choose option {o.rank}
            </Button>
          ) : null}
        </Group>
      </Group>
    </Paper>
  );
}

/** Two options side by side: totals, and where each item goes in each. */
function Comparison({ a, b, onClose }: { a: Option; b: Option; onClose: () => void }) {
  const where = (o: Option) => {
    const m = new Map<string, string[]>();
    for (const t of o.vendor_totals) for (const l of t.lines) m.set(l.sku, [...(m.get(l.sku) ?? []), `${formatInteger(l.quantity)} from ${t.source_name}`]);
    return m;
  };
  const wa = where(a);
  const wb = where(b);
  const skus = [...new Set([...wa.keys(), ...wb.keys()])].sort();
  const sum = (o: Option, f: (t: Option['vendor_totals'][number]) => number) => o.vendor_totals.reduce((s, t) => s + f(t), 0);
  const rows: [string, (o: Option) => number][] = [
    ['Items', (o) => sum(o, (t) => t.items_cents)],
    ['Fees', (o) => sum(o, (t) => t.fixed_fees_cents + t.per_unit_fees_cents)],
    ['Shipping', (o) => sum(o, (t) => t.shipping_cents)],
    ['Total', (o) => o.total_cents],
  ];
  return (
    <Paper withBorder radius="sm" p="sm" mb="sm" aria-label="Comparison" data-comparison>
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          Option {a.rank} and option {b.rank} compared
        </Title>
        <Button size="xs" variant="subtle" onClick={onClose}>
          Close comparison
        </Button>
      </Group>
      <Table {...DETAIL_TABLE} withTableBorder aria-label="Options compared">
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th>Option {a.rank}</Table.Th>
            <Table.Th>Option {b.rank}</Table.Th>
            <Table.Th ta="right">Difference</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>Sources</Table.Td>
            <Table.Td>{a.description}</Table.Td>
            <Table.Td>{b.description}</Table.Td>
            <Table.Td ta="right">{b.shipments - a.shipments === 0 ? '' : `${b.shipments - a.shipments > 0 ? '+' : ''}${b.shipments - a.shipments} shipments`}</Table.Td>
          </Table.Tr>
          {rows.map(([label, f]) => (
            <Table.Tr key={label}>
              <Table.Td fw={label === 'Total' ? 600 : undefined}>{label}</Table.Td>
              <Table.Td>{formatCents(f(a))}</Table.Td>
              <Table.Td>{formatCents(f(b))}</Table.Td>
              <Table.Td ta="right">{f(b) - f(a) === 0 ? 'same' : `${f(b) - f(a) > 0 ? '+' : '−'}${formatCents(Math.abs(f(b) - f(a)))}`}</Table.Td>
            </Table.Tr>
          ))}
          {skus.map((s) => (
            <Table.Tr key={s}>
              <Table.Td>
                <CodeDisplay value={s} />
              </Table.Td>
              <Table.Td>{(wa.get(s) ?? []).join(', ')}</Table.Td>
              <Table.Td>{(wb.get(s) ?? []).join(', ')}</Table.Td>
              <Table.Td ta="right">{(wa.get(s) ?? []).join() === (wb.get(s) ?? []).join() ? 'same' : 'differs'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function VendorOrdersPanel({ route }: { route: OrderRouteDetail }) {
  return (
    <Paper withBorder radius="sm" p="sm" data-vendor-orders>
      <Title order={2} size="h5" mb="xs">
        Vendor orders of the chosen option
      </Title>
      <VendorOrdersTable rows={route.vendor_orders} label="Vendor orders" />
    </Paper>
  );
}

/** Recompute (a job); when it has run, the new route opens. */
function RecomputeButton({ route }: { route: OrderRouteDetail }) {
  const recompute = useRecomputeRoute(route.id);
  const navigate = useNavigate();
  const { follow, following } = useFollowJob({
    onEnd: (job) => {
      if (job.status === 'succeeded') {
        const next = (job.result as { route_id?: number } | null)?.route_id;
        if (next) void navigate(`/order-route/${next}`);
      } else notifications.show({ color: 'red', title: 'Not recomputed', message: job.error ?? 'The job did not finish.' });
    },
  });
  const start = async () => {
    try {
      follow(await recompute.mutateAsync());
    } catch (e) {
      notifications.show({ color: 'red', title: 'Not recomputed', message: errorMessage(e) });
    }
  };
  return (
    <Button variant={route.is_stale ? 'filled' : 'default'} onClick={() => void start()} loading={recompute.isPending || following}>
      Recompute
    </Button>
  );
}
