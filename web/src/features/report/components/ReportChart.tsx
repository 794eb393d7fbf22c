// The chart above a report's table: sales and gross profit by month for the
// sales reports (from the server's report code, the report's filters), the
// stock value by warehouse for the stock balance and the receivable by age
// for the ageing (their own totals rows).
import { lazy, Suspense, useMemo } from 'react'
import { Empty, Spin, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import type { EChartOption } from '@/components/EChart'
import { useCache } from '@/features/cache/api'
import { format } from '@/utils/decimal'
import { useReportChart } from '../api'
import { AGEING_CHARTS, byAge, byWarehouse, MONTH_CHARTS, type ChartMonth } from '../lib/chart'
import type { Places } from '../lib/format'
import type { ReportAnswer, ReportParams } from '../types'

const EChart = lazy(() => import('@/components/EChart'))
const HEIGHT = 260

export function ReportChart({
  name,
  filters,
  answer,
  places,
}: {
  name: string
  filters: ReportParams
  answer?: ReportAnswer
  places: Places
}) {
  return MONTH_CHARTS.includes(name) ? (
    <MonthChart name={name} filters={filters} places={places} />
  ) : answer && AGEING_CHARTS.includes(name) ? (
    <AgeChart answer={answer} places={places} />
  ) : answer ? (
    <WarehouseChart answer={answer} places={places} />
  ) : null
}

function useBase() {
  const { token } = theme.useToken()
  return useMemo(
    () => ({
      textStyle: { color: token.colorTextSecondary, fontFamily: token.fontFamily },
      legend: { top: 0, textStyle: { color: token.colorTextSecondary } },
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      yAxis: { type: 'value', splitLine: { lineStyle: { color: token.colorBorderSecondary } } },
      color: [token.colorPrimary, token.colorSuccess],
    }),
    [token],
  )
}

function Drawn({ option, empty }: { option: EChartOption | null; empty: boolean }) {
  const { t } = useTranslation('report')
  if (empty || !option) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chart.none')} style={{ margin: 8 }} />
  return (
    <Suspense fallback={<Spin />}>
      <EChart option={option} height={HEIGHT} data-testid="report-chart-canvas" />
    </Suspense>
  )
}

function MonthChart({ name, filters, places }: { name: string; filters: ReportParams; places: Places }) {
  const { t } = useTranslation('report')
  const base = useBase()
  const q = useReportChart(name, filters)
  const months = useMemo<ChartMonth[]>(() => q.data?.months ?? [], [q.data])
  const hasSales = months.some((m) => m.sales !== undefined)
  const hasProfit = months.some((m) => m.profit !== undefined)
  const option = useMemo<EChartOption>(
    () => ({
      ...base,
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: months.map((m) => m.month) },
      series: [
        { name: t('chart.sales'), type: 'bar', data: months.map((m) => format(m.sales ?? 0, places.amountPlaces)) },
        ...(hasProfit
          ? [{ name: t('chart.profit'), type: 'line', smooth: true, data: months.map((m) => format(m.profit ?? 0, places.amountPlaces)) }]
          : []),
      ],
    }),
    [base, months, hasProfit, places, t],
  )
  if (q.isLoading) return <Spin />
  return <Drawn option={option} empty={!hasSales} />
}

function WarehouseChart({ answer, places }: { answer: ReportAnswer; places: Places }) {
  const { t } = useTranslation('report')
  const base = useBase()
  const warehouses = useCache('warehouses')
  const { value, points } = useMemo(() => byWarehouse(answer, warehouses.byId), [answer, warehouses.byId])
  const option = useMemo<EChartOption>(
    () => ({
      ...base,
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: points.map((p) => p.name) },
      series: [
        {
          name: value === 'amount' ? t('chart.stockValue') : t('chart.stockQty'),
          type: 'bar',
          data: points.map((p) => format(p.value, value === 'amount' ? places.amountPlaces : places.qtyPlaces)),
        },
      ],
    }),
    [base, points, value, places, t],
  )
  return <Drawn option={option} empty={points.length === 0} />
}

function AgeChart({ answer, places }: { answer: ReportAnswer; places: Places }) {
  const base = useBase()
  const points = useMemo(() => byAge(answer), [answer])
  const option = useMemo<EChartOption>(
    () => ({
      ...base,
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: points.map((p) => p.name) },
      // the series is named as the report names the open total (its column label)
      series: [
        {
          name: answer.columns.find((c) => c.key === 'open')?.label,
          type: 'bar',
          data: points.map((p) => format(p.value, places.amountPlaces)),
        },
      ],
    }),
    [base, points, places, answer.columns],
  )
  return <Drawn option={option} empty={points.length === 0 || points.every((p) => Number(p.value) === 0)} />
}
