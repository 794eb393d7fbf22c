import { describe, expect, it } from 'vitest'
import type { UserInfo } from './session'
import { COST_RIGHT, GOODS_MONEY, PURCHASE_RIGHT, SALES_RIGHT, contactMoney, moneyColumns, seesMoney } from './money'

const user = (roles: string[], perms: string[]): UserInfo => ({ userId: 2, username: 'u', nickname: 'u', avatar: '', roles, perms })

// the goods list's columns, as GoodsList builds them (key, else dataIndex)
const goodsColumns = [
  { key: 'number', dataIndex: 'number' },
  { key: 'name', dataIndex: 'name' },
  { dataIndex: 'unitName' },
  { key: 'stockQty', dataIndex: 'stockQty' },
  { key: 'purPrice', dataIndex: 'purPrice' },
  { key: 'salePrice', dataIndex: 'salePrice' },
  { key: 'wholesalePrice', dataIndex: 'wholesalePrice' },
  { key: 'vipPrice', dataIndex: 'vipPrice' },
  { dataIndex: 'barCode' },
  { key: 'custom_1', dataIndex: ['custom', 'f1'] },
]
const keys = (cols: { key?: unknown; dataIndex?: unknown }[]) => cols.map((c) => String(c.key ?? c.dataIndex))

describe('money columns', () => {
  it('keeps every column for a user holding the rights, ROOT and the all-permission', () => {
    const all = user(['CLERK'], [COST_RIGHT, PURCHASE_RIGHT, SALES_RIGHT])
    for (const who of [all, user(['ROOT'], []), user(['CLERK'], ['*:*:*'])]) {
      expect(moneyColumns(goodsColumns, GOODS_MONEY, who)).toHaveLength(goodsColumns.length)
    }
  })
  it('leaves out every price of the goods without money rights, keeping the rest in order', () => {
    expect(keys(moneyColumns(goodsColumns, GOODS_MONEY, user(['CLERK'], ['settings:inventory:query'])))).toEqual([
      'number',
      'name',
      'unitName',
      'stockQty',
      'barCode',
      'custom_1',
    ])
  })
  it('leaves out the prices of the right the user lacks only', () => {
    const purchaser = user(['CLERK'], [PURCHASE_RIGHT])
    expect(keys(moneyColumns(goodsColumns, GOODS_MONEY, purchaser))).toContain('purPrice')
    expect(keys(moneyColumns(goodsColumns, GOODS_MONEY, purchaser))).not.toContain('salePrice')
    const seller = user(['CLERK'], [SALES_RIGHT])
    expect(keys(moneyColumns(goodsColumns, GOODS_MONEY, seller)).filter((k) => k.endsWith('Price'))).toEqual([
      'salePrice',
      'wholesalePrice',
      'vipPrice',
    ])
  })
  it("hides a customer's balance by the sales right and a supplier's by the purchase right", () => {
    const cols = [{ key: 'number' }, { key: 'balance', dataIndex: 'balance' }]
    const seller = user(['CLERK'], [SALES_RIGHT])
    expect(keys(moneyColumns(cols, contactMoney(-10), seller))).toEqual(['number', 'balance'])
    expect(keys(moneyColumns(cols, contactMoney(10), seller))).toEqual(['number'])
    expect(seesMoney(contactMoney(10), 'periodMoney', user(['CLERK'], [PURCHASE_RIGHT]))).toBe(true)
    expect(seesMoney(contactMoney(-10), 'amount', user(['CLERK'], []))).toBe(false)
  })
  it('shows nothing of money to nobody', () => {
    expect(seesMoney(GOODS_MONEY, 'unitCost', null)).toBe(false)
    expect(seesMoney(GOODS_MONEY, 'name', null)).toBe(true)
  })
})
