import '@mantine/charts/styles.css';
import { formatMoney, type ProfitabilityRow } from '@agencia/shared';
import { BarChart } from '@mantine/charts';

/** How many rows the chart draws — the five best and the five worst margins; the table lists them all. */
export const CHART_ROWS = 10;
/** The longest project or client name the chart's axis shows whole. */
const LABEL_CHARS = 24;

/**
 * Margin per project or client as horizontal bars, best first (lazy chunk: @mantine/charts +
 * recharts). Decorative for assistive technology: the ranking table next to it is its text.
 */
export default function ProfitabilityChart({ rows }: { rows: ProfitabilityRow[] }) {
  const money = (v: number) => formatMoney(v, 'DOP', 0);
  // The best and the worst: with more rows than fit, the top half and the bottom half.
  const drawn =
    rows.length > CHART_ROWS ? [...rows.slice(0, CHART_ROWS / 2), ...rows.slice(-CHART_ROWS / 2)] : rows;
  // A name longer than LABEL_CHARS ends in "…" (the full name is in the table): at the axis's
  // 12 px font 24 characters fit its 180 px, so no label is cut by the chart's edge (issue 44).
  const data = drawn.map((r) => ({
    nombre: r.name.length > LABEL_CHARS ? `${r.name.slice(0, LABEL_CHARS - 1)}…` : r.name,
    Margen: r.margin,
  }));
  return (
    <BarChart
      h={Math.max(160, data.length * 36 + 40)}
      data={data}
      dataKey="nombre"
      orientation="vertical"
      series={[{ name: 'Margen', color: 'teal.7' }]}
      valueFormatter={money}
      yAxisProps={{ width: 180, tick: { fontSize: 12 } }}
      gridAxis="y"
      barChartProps={{ accessibilityLayer: false }}
      getBarColor={(value) => (value < 0 ? 'red.6' : 'teal.7')}
    />
  );
}
