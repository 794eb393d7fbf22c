import { describe, expect, it } from 'vitest'
import { createElement } from 'react'
import { render } from '@testing-library/react'
import { SafeHtml } from '../components/SafeHtml'
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
    expect(safeHtml('<p>Hi <b>all</b></p><ul><li>x</li></ul><h3>t</h3><ol><li><i>y</i></li></ol>')).toBe(
      '<p>Hi <b>all</b></p><ul><li>x</li></ul><h3>t</h3><ol><li><i>y</i></li></ol>',
    )
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
  it.each([
    '<svg><title><noscript><xmp></noscript><img src=x onerror=alert(document.domain)></xmp></noscript></title></svg>',
    '<svg><style><img src=x onerror=alert(1)></style></svg>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
    '<svg><a><animate attributeName=href values="javascript:alert(1)"/><text x=20 y=20>click</text></a></svg>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
    '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a><img src="data:image/svg+xml;base64,PHN2Zz4=">',
  ])('neutralises %s', (payload) => {
    const out = safeHtml(payload).toLowerCase()
    for (const bad of ['onerror', '<svg', '<math', '<style', '<script', 'javascript:', 'data:text', 'image/svg', '<animate']) {
      expect(out).not.toContain(bad)
    }
  })
})

describe('SafeHtml', () => {
  it('inserts the sanitised nodes, so nothing runs and nothing is parsed twice', () => {
    const { container } = render(
      createElement(SafeHtml, {
        html: '<p>ok</p><svg><title><noscript><xmp></noscript><img src=x onerror=alert(document.domain)></xmp></noscript></title></svg>',
      }),
    )
    const box = container.querySelector('[data-testid="notice-html"]')!
    expect(box.querySelector('p')?.textContent).toBe('ok')
    expect(box.querySelector('[onerror]')).toBeNull()
    expect(box.querySelector('svg')).toBeNull()
  })
})
