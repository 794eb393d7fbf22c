// Dragging a tab of the tags view to another place, by pointer events (mouse,
// pen and touch alike). The tab moves while it is dragged and the order is
// kept in the tabs store (so in localStorage). A mouse or pen drag starts once
// the pointer has moved a few pixels (a click still opens the tab); a touch
// drag starts after the finger rests on the tab a moment, so a swipe still
// scrolls the tab bar, and a longer rest without moving still opens the
// tab's context menu. Pinned tabs (the dashboard) neither move nor are passed.
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react'
import { useTabs } from '@/stores/tabs'

/** How far (px) a mouse or pen moves before a press becomes a drag. */
export const DRAG_SLOP = 4
/** How long (ms) a finger rests on a tab before it can be dragged. */
export const TOUCH_HOLD_MS = 300

/** Where a dragged tab lands: the number of the other tabs whose middle (x)
 * lies before the pointer. The other tabs are given in order by their middles;
 * since the dragged tab is left out, a tab narrower than its neighbour does
 * not swing back and forth over it. */
export function dropIndex(x: number, middles: number[]): number {
  let n = 0
  for (const m of middles) if (m < x) n++
  return n
}

/** The attribute naming a tab's key on its label in the tab bar. */
export const TAB_KEY_ATTR = 'data-tab-key'

export function useTabDrag(bar: RefObject<HTMLElement | null>) {
  const [dragging, setDragging] = useState<string | null>(null)
  const stop = useRef<(() => void) | null>(null)
  useEffect(() => () => stop.current?.(), [])

  const onPointerDown = useCallback(
    (key: string, e: ReactPointerEvent<HTMLElement>) => {
      if (e.button !== 0 || !e.isPrimary) return
      if (useTabs.getState().tabs.find((t) => t.key === key)?.affix !== false) return
      stop.current?.()
      const id = e.pointerId
      const touch = e.pointerType === 'touch'
      const x0 = e.clientX
      const y0 = e.clientY
      let started = false
      let moved = false
      const start = () => {
        started = true
        setDragging(key)
      }
      const hold = touch ? window.setTimeout(start, TOUCH_HOLD_MS) : 0

      const move = (ev: PointerEvent) => {
        if (ev.pointerId !== id) return
        if (!started) {
          if (Math.hypot(ev.clientX - x0, ev.clientY - y0) <= DRAG_SLOP) return
          if (touch) return end() // moved before resting: the tab bar scrolls
          start()
        }
        moved = true
        const labels = Array.from(bar.current?.querySelectorAll<HTMLElement>(`[${TAB_KEY_ATTR}]`) ?? [])
        const middles = labels
          .filter((el) => el.getAttribute(TAB_KEY_ATTR) !== key)
          .map((el) => {
            const r = el.getBoundingClientRect()
            return r.left + r.width / 2
          })
        useTabs.getState().move(key, dropIndex(ev.clientX, middles))
      }
      const up = (ev: PointerEvent) => ev.pointerId === id && end()
      // While a touch drag runs, the tab bar's own swipe scrolling stays still.
      const touchMove = (ev: TouchEvent) => {
        if (!started) return
        ev.stopPropagation()
        if (ev.cancelable) ev.preventDefault()
      }
      // A resting finger opens the context menu as before, unless it dragged.
      const contextMenu = (ev: MouseEvent) => {
        if (!touch) return
        if (moved) {
          ev.preventDefault()
          ev.stopPropagation()
        } else end()
      }
      const end = () => {
        window.clearTimeout(hold)
        window.removeEventListener('pointermove', move)
        window.removeEventListener('pointerup', up)
        window.removeEventListener('pointercancel', up)
        window.removeEventListener('touchmove', touchMove, true)
        window.removeEventListener('contextmenu', contextMenu, true)
        stop.current = null
        if (started) setDragging(null)
      }
      window.addEventListener('pointermove', move)
      window.addEventListener('pointerup', up)
      window.addEventListener('pointercancel', up)
      window.addEventListener('touchmove', touchMove, { capture: true, passive: false })
      window.addEventListener('contextmenu', contextMenu, true)
      stop.current = end
    },
    [bar],
  )
  return { dragging, onPointerDown }
}
