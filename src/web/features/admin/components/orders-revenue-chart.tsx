import { useTranslation } from 'react-i18next';
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
import { textDirection } from '#shared/i18n/locales';
import type { AdminDashboard } from '#shared/schemas/admin-schemas';
import { useFormatters } from '../../../i18n/use-formatters';

/* Theme tokens of index.css, so the chart wears the brand and accent like the rest. */
const ordersColour = 'var(--color-brand-800)';
const revenueColour = 'var(--color-accent-500)';
const gridColour = 'var(--color-slate-200)';
const axisColour = 'var(--color-slate-500)';

/**
 * Orders placed (bars, start axis) and revenue paid (line, end axis) per day over the last 30
 * days. Its own module, loaded lazily: Recharts is the heaviest library of the back office.
 * Right to left, time runs from the right and the axes swap sides.
 */
export function OrdersRevenueChart({ series }: { series: AdminDashboard['series'] }) {
  const { t } = useTranslation();
  const { locale, number, mad, dayMonth } = useFormatters();
  const rtl = textDirection(locale) === 'rtl';
  const ordersLabel = t('admin.overview.chart.orders');
  const revenueLabel = t('admin.overview.chart.revenue');
  return (
    <div className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart
          data={series}
          margin={
            rtl
              ? { top: 8, right: -12, bottom: 0, left: 4 }
              : { top: 8, right: 4, bottom: 0, left: -12 }
          }
        >
          <CartesianGrid stroke={gridColour} vertical={false} />
          <XAxis
            dataKey="date"
            tickFormatter={dayMonth}
            tick={{ fill: axisColour, fontSize: 12 }}
            minTickGap={16}
            reversed={rtl}
          />
          <YAxis
            yAxisId="orders"
            orientation={rtl ? 'right' : 'left'}
            allowDecimals={false}
            // English keeps Recharts' own ticks; other languages write their figures.
            tickFormatter={locale === 'en' ? undefined : (value: number) => number(value, 0, 0)}
            tick={{ fill: axisColour, fontSize: 12 }}
          />
          <YAxis
            yAxisId="revenue"
            orientation={rtl ? 'left' : 'right'}
            tickFormatter={(value: number) => number(value, 0, 0)}
            tick={{ fill: axisColour, fontSize: 12 }}
          />
          <Tooltip
            labelFormatter={(label) => dayMonth(String(label))}
            formatter={(value, name) =>
              name === revenueLabel ? mad(Number(value)) : number(Number(value), 0, 0)
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
