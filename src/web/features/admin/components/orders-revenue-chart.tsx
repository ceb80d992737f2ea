import { useTranslation } from 'react-i18next';
import { format, parseISO } from 'date-fns';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatMad } from '../../../../shared/format';
import { formatDecimal } from '../../../../shared/numbers';
import type { AdminDashboard } from '../../../../shared/schemas/admin-schemas';

/* Theme tokens of index.css, so the chart wears the brand and accent like the rest. */
const ordersColour = 'var(--color-brand-800)';
const revenueColour = 'var(--color-accent-500)';
const gridColour = 'var(--color-slate-200)';
const axisColour = 'var(--color-slate-500)';

const dayLabel = (date: string) => format(parseISO(date), 'd MMM');

/**
 * Orders placed (bars, left axis) and revenue paid (line, right axis) per day over the last 30
 * days. Its own module, loaded lazily: Recharts is the heaviest library of the back office.
 */
export function OrdersRevenueChart({ series }: { series: AdminDashboard['series'] }) {
  const { t } = useTranslation();
  const ordersLabel = t('admin.overview.chart.orders');
  const revenueLabel = t('admin.overview.chart.revenue');
  return (
    <div className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={series} margin={{ top: 8, right: 4, bottom: 0, left: -12 }}>
          <CartesianGrid stroke={gridColour} vertical={false} />
          <XAxis
            dataKey="date"
            tickFormatter={dayLabel}
            tick={{ fill: axisColour, fontSize: 12 }}
            minTickGap={16}
          />
          <YAxis yAxisId="orders" allowDecimals={false} tick={{ fill: axisColour, fontSize: 12 }} />
          <YAxis
            yAxisId="revenue"
            orientation="right"
            tickFormatter={(value: number) => formatDecimal(value, 0, 0)}
            tick={{ fill: axisColour, fontSize: 12 }}
          />
          <Tooltip
            labelFormatter={(label) => dayLabel(String(label))}
            formatter={(value, name) =>
              name === revenueLabel ? formatMad(Number(value)) : formatDecimal(Number(value), 0, 0)
            }
          />
          <Legend />
          <Bar
            yAxisId="orders"
            dataKey="orders"
            name={ordersLabel}
            fill={ordersColour}
            radius={[4, 4, 0, 0]}
            isAnimationActive={false}
          />
          <Line
            yAxisId="revenue"
            dataKey="revenue"
            name={revenueLabel}
            stroke={revenueColour}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
