/** Revenue and margin per day over the last 30 days (loaded only by the dashboard's orders view). */
import { CHART_LOOK, MONEY_AXIS } from '../../../ui/chart';
import { AreaChart } from '@mantine/charts';
import { Paper, Text } from '@mantine/core';
import type { DashboardOrders } from '@qm/contracts';
import { formatCents, formatDay } from '../../../lib/format';

export default function TrendChart({ days }: { days: DashboardOrders['days'] }) {
  const revenue = days.reduce((a, d) => a + d.revenue, 0);
  const margin = days.reduce((a, d) => a + d.margin, 0);
  return (
    <Paper withBorder radius="sm" p="sm">
      <Text size="sm" fw={600}>
        Last 30 days: revenue and margin per day
      </Text>
      <Text size="xs" c="dimmed" mb={4}>
        An order’s margin counts once it is routed and its cost is known, so the last days’ margin rises as their orders are routed.
      </Text>
      <div role="img" aria-label={`Revenue and margin per day over the last 30 days: ${formatCents(revenue)} revenue, ${formatCents(margin)} margin`}>
        <AreaChart
          h={220}
          data={days.map((d) => ({ day: formatDay(d.day), Revenue: d.revenue / 100, Margin: d.margin / 100 }))}
          dataKey="day"
          {...CHART_LOOK}
          series={[
            { name: 'Revenue', color: 'blue.6' },
            { name: 'Margin', color: 'teal.6' },
          ]}
          valueFormatter={(v) => formatCents(Math.round(v * 100))}
          yAxisProps={MONEY_AXIS}
          curveType="monotone"
        />
      </div>
    </Paper>
  );
}
