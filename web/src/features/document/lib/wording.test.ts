import { describe, expect, it } from 'vitest'
import i18n from '@/app/i18n'
import { docKinds } from '../kinds'
import { moneyWords, settleWords } from './wording'

describe('moneyWords', () => {
  const zh = (k: string) => i18n.getFixedT('zh-CN')(k)
  const en = (k: string) => i18n.getFixedT('en')(k)
  it('a sales return pays money back (退款), never 收款', () => {
    const w = moneyWords(docKinds.reSales)
    expect(zh(w.rpAmount)).toContain('退款')
    expect(zh(w.rpAmount)).not.toContain('收款')
    expect(en(w.rpAmount)).toMatch(/refund/i)
  })
  it('a purchase return gets money back; sales receive; purchases pay', () => {
    expect(zh(moneyWords(docKinds.rePurchase).rpAmount)).toContain('退款')
    expect(zh(moneyWords(docKinds.sales).rpAmount)).toContain('收款')
    expect(zh(moneyWords(docKinds.purchase).rpAmount)).toContain('付款')
    for (const k of Object.values(docKinds)) {
      const w = moneyWords(k)
      for (const key of [w.rpAmount, w.accounts]) expect(en(key)).not.toBe(key.split(':')[1])
    }
  })
})

describe('settleWords', () => {
  const zh = (k: string) => i18n.getFixedT('zh-CN')(k)
  const en = (k: string) => i18n.getFixedT('en')(k)
  it('sales and purchase returns receive; purchases and sales returns pay', () => {
    expect([0, 1, 2].map((s) => zh(`${settleWords(docKinds.sales)}.${s}`))).toEqual(['未收', '部分', '已收'])
    expect([0, 1, 2].map((s) => zh(`${settleWords(docKinds.purchase)}.${s}`))).toEqual(['未付', '部分', '已付'])
    expect(zh(`${settleWords(docKinds.reSales)}.settled`)).toBe('已付款')
    expect(zh(`${settleWords(docKinds.rePurchase)}.open`)).toBe('未收款')
    expect(en(`${settleWords(docKinds.sales)}.settled`)).toBe('Received')
    expect(en(`${settleWords(docKinds.purchase)}.open`)).toBe('To pay')
  })
})
