// Every screen has help in both languages: the view registry's screens map to
// a topic of their own (only the dashboard falls back to the dashboard's),
// every topic and every report's line exists in zh-CN and en with the same
// shape, and the document screens list the keys their pages handle.
import { describe, expect, it } from 'vitest'
import { LAYOUT } from '@/utils/routeTree'
import { viewNames } from './viewRegistry'
import en from '@/features/help/locales/en.json'
import zh from '@/features/help/locales/zh-CN.json'
import { helpTopic, helpTopics } from '@/features/help/topics'

const shape = (x: unknown): unknown =>
  Array.isArray(x)
    ? x.map(shape)
    : x && typeof x === 'object'
      ? Object.fromEntries(Object.entries(x).map(([k, v]) => [k, shape(v)]))
      : typeof x
const screens = viewNames().filter((n) => n !== LAYOUT)

describe('in-app help', () => {
  it('has the same topics, paragraphs and keys in both languages', () => {
    expect(shape(zh)).toEqual(shape(en))
    expect(Object.keys(zh.topics).sort()).toEqual([...helpTopics].sort())
    for (const lang of [zh, en])
      for (const k of helpTopics) {
        const topic = lang.topics[k]
        expect(topic.title, k).toBeTruthy()
        expect(topic.body.length, k).toBeGreaterThan(0)
        for (const p of topic.body) expect(p.trim(), k).not.toBe('')
      }
  })

  it('gives every screen its topic', () => {
    expect(screens.length).toBeGreaterThan(80)
    for (const name of screens) {
      const { topic } = helpTopic(name)
      expect(helpTopics, name).toContain(topic)
      if (topic === 'dashboard') expect(name).toBe('dashboard')
    }
  })

  it('says what each report shows, in both languages', () => {
    const reports = screens.filter((n) => n.startsWith('report/') && n !== 'report/stockWarning')
    expect(reports.length).toBeGreaterThan(20)
    for (const name of reports) {
      const h = helpTopic(name)
      expect(h.topic, name).toBe('report')
      expect(zh.reports[h.report as keyof typeof zh.reports], name).toBeTruthy()
      expect(en.reports[h.report as keyof typeof en.reports], name).toBeTruthy()
    }
    expect(Object.keys(zh.reports).sort()).toEqual(reports.map((n) => n.slice('report/'.length)).sort())
  })

  it.each([
    ['sales/sales_detail', 'tradeEntry'],
    ['purchase/rePurchase_detail', 'tradeEntry'],
    ['sales/salesOrder_detail', 'orderEntry'],
    ['sales/sales', 'docList'],
    ['warehouse/invTf_detail', 'warehouseEntry'],
    ['warehouse/stocktake', 'stocktake'],
    ['fund/receipt_detail', 'receipt'],
    ['fund/fundTf_detail', 'fundEntry'],
    ['fund/receipt', 'docList'],
    ['sales/salesInvoice_detail', 'invoice'],
    ['settings/customer', 'contacts'],
    ['settings/customField', 'customFields'],
    ['settings/unit', 'basicData'],
    ['system/role', 'users'],
    ['report/stockWarning', 'stockWarning'],
  ])('%s shows %s', (name, topic) => {
    expect(helpTopic(name).topic).toBe(topic)
  })

  it('lists the document keys the entry pages handle (Ctrl+S, F8)', () => {
    for (const lang of [zh, en]) {
      const keys = lang.topics.tradeEntry.keys.map(([k]) => k)
      expect(keys).toContain('Ctrl+S')
      expect(keys).toContain('F8')
      expect(lang.general.keys.map(([k]) => k)).toContain('F1')
    }
  })
})
