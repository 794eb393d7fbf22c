import { describe, expect, it } from 'vitest'
import { byAge, byWarehouse, hasChart, loadChartShown, saveChartShown } from './chart'
import type { ReportAnswer } from '../types'

const answer = (columns: string[], userdata: Record<string, unknown>): ReportAnswer => ({
  page: 1,
  records: 1,
  total: 1,
  rows: [],
  userdata,
  columns: columns.map((key) => ({ key, label: `${key} label`, type: 'amount' })),
  title: '',
  filters: [],
  beginDate: '',
  endDate: '',
})

describe('report charts', () => {
  it('the stock balance draws the value per warehouse from its totals row, the quantity without the cost right', () => {
    const names = new Map([[1, { name: '总仓' }]])
    const withCost = answer(['invName', 'qty_1', 'amount_1', 'qty_2', 'amount_2', 'qty', 'amount'], {
      qty_1: 10,
      amount_1: '30.5',
      qty_2: 4,
      amount_2: 8,
    })
    expect(byWarehouse(withCost, names)).toEqual({
      value: 'amount',
      points: [
        { id: 1, name: '总仓', value: '30.5' },
        { id: 2, name: 'amount_2 label', value: 8 },
      ],
    })
    const noCost = answer(['invName', 'qty_1', 'qty_2', 'qty'], { qty_1: 10 })
    expect(byWarehouse(noCost, names)).toEqual({
      value: 'qty',
      points: [
        { id: 1, name: '总仓', value: 10 },
        { id: 2, name: 'qty_2 label', value: 0 },
      ],
    })
  })

  it('charts belong to the sales reports and the stock balance; the toggle is remembered per report', () => {
    expect(['salesDetail', 'salesSummaryCustomer', 'invBalance'].every(hasChart)).toBe(true)
    expect(hasChart('deliverDetail')).toBe(false)
    expect(loadChartShown('salesDetail')).toBe(true)
    saveChartShown('salesDetail', false)
    expect(loadChartShown('salesDetail')).toBe(false)
    expect(loadChartShown('invBalance')).toBe(true)
  })

  it('the receivable ageing draws its totals per age bucket, youngest first; nothing without the amount columns', () => {
    const withRight = answer(['contactName', 'open', 'ageOver90', 'age30', 'age60', 'age90'], {
      open: '108',
      age30: '83',
      age60: '25.5',
      age90: 0,
    })
    expect(byAge(withRight)).toEqual([
      { key: 'age30', name: 'age30 label', value: '83' },
      { key: 'age60', name: 'age60 label', value: '25.5' },
      { key: 'age90', name: 'age90 label', value: 0 },
      { key: 'ageOver90', name: 'ageOver90 label', value: 0 },
    ])
    expect(byAge(answer(['contactNumber', 'contactName'], {}))).toEqual([])
    expect(hasChart('receivableAgeing')).toBe(true)
    expect(hasChart('receivableDetail')).toBe(false)
  })
})
