import { describe, expect, it } from 'vitest'
import { unreadBadge } from './badge'
import { safeHtml } from './safeHtml'

describe('unreadBadge', () => {
  it('shows nothing without unread notices', () => {
    expect(unreadBadge(0)).toBe('')
    expect(unreadBadge(undefined)).toBe('')
  })
  it('shows the count up to 99, then 99+', () => {
    expect(unreadBadge(1)).toBe('1')
    expect(unreadBadge(99)).toBe('99')
    expect(unreadBadge(100)).toBe('99+')
    expect(unreadBadge(12345)).toBe('99+')
  })
})

describe('safeHtml', () => {
  it('keeps basic formatting', () => {
    expect(safeHtml('<p>Hi <b>all</b></p><ul><li>x</li></ul>')).toBe('<p>Hi <b>all</b></p><ul><li>x</li></ul>')
  })
  it('drops scripts, frames and event handlers', () => {
    const out = safeHtml('<p onclick="x()">a</p><script>alert(1)</script><iframe src="//e"></iframe><img src="x" onerror="y()">')
    expect(out).toBe('<p>a</p><img src="x">')
  })
  it('drops javascript: addresses and opens links in a new window', () => {
    expect(safeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a target="_blank" rel="noopener noreferrer">x</a>')
    expect(safeHtml('<a href="https://e.com">x</a>')).toBe('<a href="https://e.com" target="_blank" rel="noopener noreferrer">x</a>')
  })
  it('keeps plain text as text', () => {
    expect(safeHtml('a < b & c')).toBe('a &lt; b &amp; c')
  })
})
