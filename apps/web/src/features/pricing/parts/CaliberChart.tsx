/** Our cheapest cost per round against the market's, per caliber (loaded only by the Pricing Dashboard). */
import { CHART_LOOK } from '../../../ui/chart';
import { BarChart } from '@mantine/charts';
import type { PricingSummary } from '@qm/contracts';
import { formatAxisCents, formatCentsPerUnit } from '../../../lib/format';

export default function CaliberChart({ calibers }: { calibers: PricingSummary['calibers'] }) {
  const shown = calibers.filter((c) => c.our_cpr_cents !== null);
  const summary = shown.map((c) => `${c.caliber}: ours ${formatCentsPerUnit(c.our_cpr_cents)}, market ${formatCentsPerUnit(c.market_cpr_cents, 'none')}`).join('; ');
  return (
    <div role="img" aria-label={`Cheapest cost per round, ours against the market, per caliber: ${summary}`}>
      <BarChart
        h={260}
        data={shown.map((c) => ({ caliber: c.caliber, Ours: c.our_cpr_cents, Market: c.market_cpr_cents }))}
        dataKey="caliber"
        {...CHART_LOOK}
        series={[
          { name: 'Ours', color: 'blue.6' },
          { name: 'Market', color: 'gray.5' },
        ]}
        valueFormatter={(v) => formatCentsPerUnit(v)}
        yAxisProps={{ width: 64, tickFormatter: formatAxisCents }}
      />
    </div>
  );
}
