/**
 * A report's chart (loaded only by screens that draw one: @mantine/charts and recharts stay out of
 * every other screen's bundle). A trend is bars by month (`YYYY-MM`, labelled `Jul 2026`), a share a donut with its legend, largest
 * first (`shareSlices`: at most eight colours, the smallest as one "Other" slice). The
 * chart is one image to assistive technology, named by its title and what it shows; the numbers are
 * in the table beside it.
 */
import { CHART_LOOK, MONEY_AXIS } from '../chart';
import { BarChart, DonutChart } from '@mantine/charts';
import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ReportChartSpec, ReportRow } from '@qm/contracts';
import { formatMonth } from '../../lib/format';
import { formatCell } from './format';

const COLORS = ['blue.6', 'orange.6', 'teal.6', 'grape.6', 'red.6', 'cyan.6', 'lime.7', 'pink.6'];

/** Money is in cents: charts plot dollars. */
const plotted = (type: string, v: unknown) => (typeof v === 'number' ? (type === 'money' ? v / 100 : v) : 0);

/** A share's slice: its name, its value as the report gives it (cents for money), its colour. */
export interface Slice {
  name: string;
  value: number;
  color: string;
}

/**
 * A share's slices, largest first, each in a colour of its own: beyond `COLORS.length` the smallest are
 * one grey slice, "Other (n)" — twelve brands in eight colours drew two blue, two orange… slices.
 */
export function shareSlices(points: readonly ReportRow[], x: string, key: string): Slice[] {
  const all = points
    .map((p) => ({ name: String(p[x]).replace(/_/g, ' '), value: typeof p[key] === 'number' ? (p[key] as number) : 0 }))
    .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));
  const named = all.length > COLORS.length ? all.slice(0, COLORS.length - 1) : all;
  const slices = named.map((s, i) => ({ ...s, color: COLORS[i]! }));
  const rest = all.slice(named.length);
  if (rest.length) slices.push({ name: `Other (${rest.length})`, value: rest.reduce((sum, s) => sum + s.value, 0), color: 'gray.5' });
  return slices;
}

export default function ReportChart({ spec, points }: { spec: ReportChartSpec; points: ReportRow[] }) {
  const first = spec.series[0]!;
  const valueText = (v: number) => formatCell(first.type, first.type === 'money' ? Math.round(v * 100) : v);
  const slices = spec.kind === 'trend' ? [] : shareSlices(points, spec.x, first.key);
  /** A trend's point on its axis: its month in words. */
  const month = (p: ReportRow) => formatMonth(String(p[spec.x]));
  const summary =
    spec.kind === 'trend'
      ? `${spec.title}: ${points.length} ${points.length === 1 ? 'month' : 'months'}${points.length ? ` from ${month(points[0]!)} to ${month(points[points.length - 1]!)}` : ''}`
      : `${spec.title}: ${slices.map((sl) => `${sl.name} ${formatCell(first.type, sl.value)}`).join(', ')}`;
  return (
    <Paper withBorder radius="sm" p="sm" className="qm-report-chart">
      <Text size="sm" fw={600} mb={4} id="report-chart-title">
        {spec.title}
      </Text>
      <div role="img" aria-label={summary}>
        {points.length === 0 ? (
          <Text size="sm" c="dimmed" py="md">
            Nothing to chart for these filters.
          </Text>
        ) : spec.kind === 'trend' ? (
          <BarChart
            h={220}
            data={points.map((p) => ({ ...Object.fromEntries(spec.series.map((s) => [s.label, plotted(s.type, p[s.key])])), [spec.x]: month(p) }))}
            dataKey={spec.x}
            {...CHART_LOOK}
            series={spec.series.map((s, i) => ({ name: s.label, color: COLORS[i % COLORS.length]! }))}
            valueFormatter={valueText}
            yAxisProps={first.type === 'money' ? MONEY_AXIS : { width: 96 }}
          />
        ) : (
          <Group align="center" gap="lg">
            <DonutChart
              size={170}
              thickness={26}
              data={slices.map((sl) => ({ name: sl.name, value: plotted(first.type, sl.value), color: sl.color }))}
              valueFormatter={valueText}
              withTooltip
            />
            <Stack gap={4} aria-hidden>
              {slices.map((sl) => (
                <Group key={sl.name} gap={6} wrap="nowrap">
                  <span className="qm-chart-swatch" style={{ background: `var(--mantine-color-${sl.color.replace('.', '-')})` }} />
                  <Text size="xs">
                    {sl.name}: {formatCell(first.type, sl.value)}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Group>
        )}
      </div>
    </Paper>
  );
}
