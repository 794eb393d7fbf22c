import { describe, expect, it } from 'vitest'
import { emptyState } from './form'
import { changedOnServer } from './live'

const shown = emptyState('2026-01-02')
const withHeader = (patch: Record<string, unknown>) => ({ ...shown, header: { ...shown.header, ...patch } })

describe('changedOnServer', () => {
  it('is false for the same document', () => {
    expect(changedOnServer(withHeader({ id: 1, version: 2, billStatus: 0 }), withHeader({ id: 1, version: 2, billStatus: 0 }))).toBe(false)
  })
  it('sees an order partly fulfilled, an audit and a new version', () => {
    const a = withHeader({ id: 1, version: 2, billStatus: 0, checked: 1 })
    expect(changedOnServer(a, withHeader({ id: 1, version: 2, billStatus: 1, checked: 1 }))).toBe(true)
    expect(changedOnServer(a, withHeader({ id: 1, version: 2, billStatus: 0, checked: 0 }))).toBe(true)
    expect(changedOnServer(a, withHeader({ id: 1, version: 3, billStatus: 0, checked: 1 }))).toBe(true)
  })
})
