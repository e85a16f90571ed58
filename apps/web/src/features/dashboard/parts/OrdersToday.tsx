/**
 * The day's orders view: orders waiting for routing and for a person (by reason), late vendor orders,
 * revenue and margin today and this month against the previous period, and the last 30 days. Every
 * figure opens the screen it counts, filtered.
 */
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { DashboardOrders } from '@qm/contracts';
import { formatCents, formatInteger, formatPercent, plural } from '../../../lib/format';
import { Figure } from '../../../ui/Figure';

const TrendChart = lazy(() => import('./TrendChart'));

/** "+12.5 % vs yesterday" (nothing to compare with: no percentage). */
function change(now: number, before: number, against: string) {
  if (before === 0) return now === 0 ? `same as ${against}` : `${against}: none`;
  const r = (now - before) / Math.abs(before);
  return `${r >= 0 ? '+' : ''}${formatPercent(r)} vs ${against}`;
}

type Period = DashboardOrders['today'];

/** "12 orders", "12 orders, 3 not routed yet" (a margin needs a route's cost; with none routed, the margin line says so). */
function ordersText(p: Period) {
  const waiting = p.orders - p.routed;
  return `${plural(p.orders, 'order')}${waiting > 0 && p.routed > 0 ? `, ${formatInteger(waiting)} not routed yet` : ''}`;
}

/** `against` names the previous period in the badges; `before` is its same span (`span`: yesterday to this time of day, last month to this day). */
function Money({ label, now, before, against, span, href }: { label: string; now: Period; before: Period; against: string; span: string; href: string }) {
  const up = now.revenue >= before.revenue;
  return (
    <Paper withBorder p="sm" radius="sm">
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={22} fw={600} lh={1.2}>
        <Anchor component={Link} to={href} inherit underline="hover">
          {formatCents(now.revenue)}
        </Anchor>
      </Text>
      <Group gap={6}>
        <Badge size="sm" variant="light" radius="sm" color={up ? 'teal' : 'red'}>
          {change(now.revenue, before.revenue, against)}
        </Badge>
      </Group>
      <Text size="xs" mt={4}>
        {now.orders > 0 && now.routed === 0 ? (
          'Margin: no order routed yet'
        ) : (
          <>
            Margin {formatCents(now.margin)}
            {now.routed_revenue ? ` (${formatPercent(now.margin / now.routed_revenue)}${now.routed < now.orders ? ' of routed revenue' : ''})` : ''} · {change(now.margin, before.margin, against)}
          </>
        )}
      </Text>
      <Text size="xs" c="dimmed">
        {ordersText(now)} ({span}: {ordersText(before)}, {formatCents(before.revenue)})
      </Text>
    </Paper>
  );
}

export function OrdersToday({ data }: { data: DashboardOrders }) {
  const today = new Date().toISOString().slice(0, 10);
  const monthStart = `${today.slice(0, 7)}-01`;
  const open = data.by_reason.filter((r) => r.count > 0);
  return (
    <Stack gap="sm">
      <Title order={2} size="h5">
        Orders today
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <Figure label="Waiting for routing" value={data.pending} href="/order?filter%5Bstatus%5D=pending" note="Orders pending" />
        <Figure label="Routes to review" value={data.route_needs_review} href="/order-route?filter%5Bstatus%5D=needs_review" note="Orders whose route needs a person" />
        <Figure label="Need a person" value={data.needs_person} href="/order-resolution" note="Orders with an open case" />
        <Figure label="Vendor orders late" value={data.vendor_orders_late} href="/order-resolution?reason=vendor_late" note="Not shipped past the expected date" />
      </SimpleGrid>
      <Paper withBorder p="sm" radius="sm">
        <Text size="xs" c="dimmed" fw={500} mb={4}>
          Need a person, by reason
        </Text>
        {open.length === 0 ? (
          <Text size="sm">No order needs a person.</Text>
        ) : (
          <Group gap="md">
            {open.map((r) => (
              <Anchor key={r.reason} component={Link} to={`/order-resolution?reason=${r.reason}`} size="sm">
                {r.label}: <b>{formatInteger(r.count)}</b>
              </Anchor>
            ))}
          </Group>
        )}
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Money label="Revenue today" now={data.today} before={data.yesterday} against="yesterday" span="yesterday by this time" href={`/report/order-margin?group=order&filter%5Bfrom%5D=${today}`} />
        <Money label="Revenue this month" now={data.month} before={data.last_month} against="last month" span="last month to this day" href={`/report/monthly-summary?group=month_store&filter%5Bfrom%5D=${monthStart}`} />
      </SimpleGrid>
      <Suspense fallback={<Skeleton h={240} />}>
        <TrendChart days={data.days} />
      </Suspense>
    </Stack>
  );
}
