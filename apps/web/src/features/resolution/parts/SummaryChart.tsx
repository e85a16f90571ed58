/** Cases opened and resolved per day (loaded only by the summary: @mantine/charts stays out of other screens). */
import { CHART_LOOK } from '../../../ui/chart';
import { BarChart } from '@mantine/charts';
import { Paper, Text } from '@mantine/core';
import type { ResolutionSummary } from '@qm/contracts';
import { formatDate, formatDay } from '../../../lib/format';

export default function SummaryChart({ days }: { days: ResolutionSummary['days'] }) {
  const opened = days.reduce((a, d) => a + d.opened, 0);
  const resolved = days.reduce((a, d) => a + d.resolved, 0);
  const label = `Cases opened and resolved per day: ${days.length} days from ${formatDate(days[0]?.day)} to ${formatDate(days[days.length - 1]?.day)}, ${opened} opened, ${resolved} resolved`;
  return (
    <Paper withBorder radius="sm" p="sm" className="qm-report-chart">
      <Text size="sm" fw={600} mb={4}>
        Opened and resolved per day
      </Text>
      <div role="img" aria-label={label} data-testid="resolution-chart">
        <BarChart
          h={240}
          data={days.map((d) => ({ day: formatDay(d.day), Opened: d.opened, Resolved: d.resolved }))}
          dataKey="day"
          {...CHART_LOOK}
          series={[
            { name: 'Opened', color: 'orange.6' },
            { name: 'Resolved', color: 'teal.6' },
          ]}
          yAxisProps={{ width: 48, allowDecimals: false }}
        />
      </div>
    </Paper>
  );
}
