import dayjs from 'dayjs'
import { describe, expect, it } from 'vitest'
import { contactBody, contactValues, linkMansBody } from './contactForm'

describe('linkMansBody', () => {
  it('drops empty rows and keeps exactly one first contact', () => {
    const out = linkMansBody([
      { linkName: '  ', linkMobile: '' },
      { linkName: 'Zhang', linkMobile: ' 13800000000 ' },
      { linkName: 'Li', linkFirst: true },
      { linkName: 'Wang', linkFirst: true },
    ])
    expect(out.map((l) => [l.linkName, l.linkFirst])).toEqual([
      ['Zhang', 0],
      ['Li', 1],
      ['Wang', 0],
    ])
    expect(out[0].linkMobile).toBe('13800000000')
  })

  it('marks the first row when none is marked; keeps ids', () => {
    const out = linkMansBody([{ id: 4, linkName: 'A' }, { linkName: 'B' }])
    expect(out).toEqual([
      { id: 4, linkName: 'A', linkMobile: '', linkPhone: '', linkIm: '', address: '', linkFirst: 1 },
      { linkName: 'B', linkMobile: '', linkPhone: '', linkIm: '', address: '', linkFirst: 0 },
    ])
    expect(linkMansBody(undefined)).toEqual([])
    expect(linkMansBody([{ linkFirst: true }])).toEqual([])
  })
})

describe('contactBody', () => {
  it('maps a customer form', () => {
    const body = contactBody(-10, {
      number: ' C001 ',
      name: 'Acme',
      categoryId: 3,
      cLevel: 2,
      taxRate: '13',
      amount: '1000.50',
      periodMoney: undefined,
      beginDate: dayjs('2026-01-05'),
      remark: '',
      linkMans: [{ linkName: 'Zhang', linkFirst: true }],
    })
    expect(body).toEqual({
      type: -10,
      number: 'C001',
      name: 'Acme',
      categoryId: 3,
      cLevel: 2,
      taxRate: '13',
      amount: '1000.5',
      periodMoney: '0',
      beginDate: '2026-01-05',
      remark: '',
      linkMans: [{ linkName: 'Zhang', linkMobile: '', linkPhone: '', linkIm: '', address: '', linkFirst: 1 }],
    })
  })

  it('suppliers have no price level; update carries the id', () => {
    const body = contactBody(10, { name: 'S', cLevel: 3, categoryId: null }, 7)
    expect(body.id).toBe(7)
    expect(body.cLevel).toBe(0)
    expect(body.categoryId).toBe(0)
    expect(body.beginDate).toBe('')
  })

  it('round-trips a record', () => {
    const v = contactValues({
      number: 'C1',
      name: 'N',
      categoryId: 0,
      cLevel: 1,
      taxRate: 6,
      amount: 0.1,
      periodMoney: 0,
      beginDate: '2026-02-01',
      linkMans: [{ id: 2, linkName: 'X', linkFirst: 1 }],
    })
    expect(v.categoryId).toBeUndefined()
    expect(v.amount).toBe('0.1')
    expect(v.linkMans?.[0].linkFirst).toBe(true)
    const body = contactBody(-10, v, 1)
    expect(body.amount).toBe('0.1')
    expect(body.beginDate).toBe('2026-02-01')
    expect(body.linkMans[0]).toMatchObject({ id: 2, linkFirst: 1 })
    expect(contactValues(undefined, { categoryId: 5 }).linkMans).toEqual([{ linkFirst: true }])
  })
})

describe('custom fields in the contact dialog', () => {
  const channel = {
    id: 3,
    code: 'f3',
    target: 'customer' as const,
    label: '渠道',
    labelZh: '渠道',
    labelEn: '',
    type: 'choice' as const,
    options: ['线上', '线下'],
    required: 1 as const,
    inList: 1 as const,
    searchable: 0 as const,
    sort: 0,
    disable: 0 as const,
  }
  it('reads the values into the form and sends them typed', () => {
    const v = contactValues({ name: 'C', custom: { f3: '线上' } }, undefined, [channel])
    expect(v.custom).toEqual({ f3: '线上' })
    expect(contactBody(-10, { ...v, custom: { f3: '' } }, 1, [channel]).custom).toEqual({ f3: null })
  })
  it('sends no custom object when the kind has no fields (the server keeps the values)', () => {
    expect('custom' in contactBody(-10, { name: 'C' }, 1)).toBe(false)
  })
})
