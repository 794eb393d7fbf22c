// What a report's chart draws, from the server's report code: the sales
// reports' months (GET /api/report/<name>/chart: sales and gross profit per
// month of the filters' period), the stock balance's value (or quantity
// without the cost right) per warehouse from its own totals row, and the
// receivable ageing's buckets from its own totals row.
import type { ReportAnswer } from '../types'

/** The reports whose chart is sales and gross profit by month (the server's Charts). */
export const MONTH_CHARTS = ['salesDetail', 'salesProfit', 'salesSummaryInv', 'salesSummaryCustomer', 'salesSummarySales']

/** The reports drawn from their own totals row: value by warehouse. */
export const WAREHOUSE_CHARTS = ['invBalance']

/** The reports drawn as their age buckets (0–30, 31–60, 61–90, over 90 days) from the totals row. */
export const AGEING_CHARTS = ['receivableAgeing']

/** The ageing columns, youngest first (internal/report/fund.go ageBuckets). */
export const AGE_KEYS = ['age30', 'age60', 'age90', 'ageOver90']

export const hasChart = (name: string) => MONTH_CHARTS.includes(name) || WAREHOUSE_CHARTS.includes(name) || AGEING_CHARTS.includes(name)

export interface BucketPoint {
  key: string
  name: string
  value: number | string
}

/**
 * The ageing's totals per age bucket, named by the columns' labels (the
 * caller's language); none without the sales amount right (the columns are
 * absent then).
 */
export function byAge(a: ReportAnswer): BucketPoint[] {
  return AGE_KEYS.flatMap((key) => {
    const c = a.columns.find((x) => x.key === key)
    return c ? [{ key, name: c.label, value: (a.userdata[key] as number | string | undefined) ?? 0 }] : []
  })
}

export interface ChartMonth {
  month: string
  sales?: number | string
  profit?: number | string
}

export interface WarehousePoint {
  id: number
  name: string
  value: number | string
}

/**
 * The stock balance's totals per warehouse: the cost columns (amount_<id>)
 * when the caller sees them, else the quantities (qty_<id>); the name is the
 * warehouse's (from names) or the column label.
 */
export function byWarehouse(a: ReportAnswer, names: Map<number, { name?: string }>): { value: 'amount' | 'qty'; points: WarehousePoint[] } {
  const value = a.columns.some((c) => c.key.startsWith('amount_')) ? 'amount' : 'qty'
  const points = a.columns
    .filter((c) => c.key.startsWith(`${value}_`))
    .map((c) => {
      const id = Number(c.key.slice(value.length + 1))
      return { id, name: names.get(id)?.name ?? c.label, value: (a.userdata[c.key] as number | string | undefined) ?? 0 }
    })
  return { value, points }
}

/** Whether the chart is shown (per report, remembered; shown at first). */
export function loadChartShown(name: string): boolean {
  return localStorage.getItem(`report.chart.${name}`) !== '0'
}

export function saveChartShown(name: string, shown: boolean) {
  localStorage.setItem(`report.chart.${name}`, shown ? '1' : '0')
}
