import { useLayoutEffect, useRef, type CSSProperties } from 'react'
import { safeFragment } from '../lib/safeHtml'

/** Notice HTML shown through DOMPurify's nodes, without a second parse. */
export function SafeHtml({ html, style }: { html: string; style?: CSSProperties }) {
  const ref = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    ref.current?.replaceChildren(safeFragment(html))
  }, [html])
  return <div ref={ref} style={style} data-testid="notice-html" />
}
