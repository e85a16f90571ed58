/**
 * What every chart shares, imported by each chart module (charts load with their screens, not with
 * the sign-in page): Mantine's chart styles and the colour swatch their legends are drawn with, and
 * one look — the legend on top in the series' order (Recharts sorts it by name otherwise), grid lines across to read values by (Mantine's `gridAxis="x"`), ticks
 * on the value axis.
 */
import '@mantine/charts/styles.css';
import '@mantine/core/styles/ColorSwatch.css';
import { formatAxisDollars } from '../lib/format';

export const CHART_LOOK = { withLegend: true, legendProps: { verticalAlign: 'top', height: 28, itemSorter: null }, gridAxis: 'x', tickLine: 'y' } as const;

/** The value axis of a chart of money (its points in dollars): ticks in whole dollars, room for $1,000,000. */
export const MONEY_AXIS = { width: 96, tickFormatter: formatAxisDollars } as const;
