import { describe, expect, it } from 'vitest'
import { emptyState } from './form'
import { errorsAt, gridErrors, liveHeaderErrors } from './errors'

const base = emptyState('2026-01-02')
const map = { buId: '请填写客户', date: 'bad', entries: '请至少录入一行商品', 'entries[0].qty': 'short', accounts: 'too much' }

describe('liveHeaderErrors', () => {
  it('keeps every header error while nothing changed', () => {
    expect(liveHeaderErrors(errorsAt(map, base), base)).toEqual({ buId: '请填写客户', date: 'bad', accounts: 'too much' })
  })
  it('drops the error of a field once it changes, and only that one', () => {
    const now = { ...base, header: { ...base.header, buId: 7 } }
    expect(liveHeaderErrors(errorsAt(map, base), now)).toEqual({ date: 'bad', accounts: 'too much' })
  })
  it('drops settlement errors once the settlement lines change', () => {
    const now = { ...base, accounts: [...base.accounts] }
    expect(liveHeaderErrors(errorsAt(map, base), now)).toEqual({ buId: '请填写客户', date: 'bad' })
  })
  it('is empty without errors', () => {
    expect(liveHeaderErrors(errorsAt({}, base), base)).toEqual({})
    expect(liveHeaderErrors(null, base)).toEqual({})
  })
})

describe('gridErrors', () => {
  it('is the same object while the lines are unchanged', () => {
    const e = errorsAt(map, base)
    expect(gridErrors(e, false)).toBe(e!.map)
  })
  it('drops the no-lines error once lines changed, keeping the line errors', () => {
    const g = gridErrors(errorsAt(map, base), true)!
    expect(g.entries).toBeUndefined()
    expect(g['entries[0].qty']).toBe('short')
  })
})
