import { describe, expect, it } from 'vitest'
import { formatDateTime } from './date'

describe('formatDateTime', () => {
  it('formats a server time in local time', () => {
    const d = new Date(2026, 0, 2, 3, 4, 5)
    expect(formatDateTime(d.toISOString())).toBe('2026-01-02 03:04:05')
  })
  it('is empty for nothing or a bad value', () => {
    expect(formatDateTime(null)).toBe('')
    expect(formatDateTime('')).toBe('')
    expect(formatDateTime('nope')).toBe('')
  })
})
