// The signature pad's strokes (components/SignaturePad.tsx): points in the
// canvas's own pixels, a stroke per pointer down … up. Pure, so that what
// counts as signed is tested without a canvas.
export interface Point {
  x: number
  y: number
}
export type Stroke = Point[]

/** A point of a pointer event in the canvas's pixels (the canvas may be drawn scaled). */
export function canvasPoint(
  e: { clientX: number; clientY: number },
  rect: { left: number; top: number; width: number; height: number },
  size: { width: number; height: number },
): Point {
  const x = rect.width ? ((e.clientX - rect.left) * size.width) / rect.width : 0
  const y = rect.height ? ((e.clientY - rect.top) * size.height) / rect.height : 0
  return { x: Math.min(size.width, Math.max(0, x)), y: Math.min(size.height, Math.max(0, y)) }
}

/** Strokes with p added: to a new stroke when start, else to the last one. */
export function addPoint(strokes: Stroke[], p: Point, start: boolean): Stroke[] {
  if (start || !strokes.length) return [...strokes, [p]]
  const last = strokes[strokes.length - 1]
  const prev = last[last.length - 1]
  if (prev && prev.x === p.x && prev.y === p.y) return strokes
  return [...strokes.slice(0, -1), [...last, p]]
}

/** The box around every point (null when there is none). */
export function bounds(strokes: Stroke[]): { minX: number; minY: number; maxX: number; maxY: number } | null {
  const pts = strokes.flat()
  if (!pts.length) return null
  return {
    minX: Math.min(...pts.map((p) => p.x)),
    minY: Math.min(...pts.map((p) => p.y)),
    maxX: Math.max(...pts.map((p) => p.x)),
    maxY: Math.max(...pts.map((p) => p.y)),
  }
}

/** Too little to be a signature: nothing drawn, or dots and a scribble smaller than min pixels both ways. */
export function isBlank(strokes: Stroke[], min = 12): boolean {
  const b = bounds(strokes)
  if (!b) return true
  return b.maxX - b.minX < min && b.maxY - b.minY < min
}
