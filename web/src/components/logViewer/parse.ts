// The log formats the log viewer understands, as pure functions (no
// CodeMirror here, so they are cheap to test and to reuse):
//
// - Both modes (`log` and `fclog`): a line starting with one or more bracketed
//   tags (`[2026-01-01 12:00:00] [ERROR] …`, `[INFO] …`) and carrying an
//   error/info/warning marker (a word such as ERROR, INFO, WARN, or 错误,
//   信息, 警告) in a tag or right after the tags is styled by that level.
// - `fclog` only: `#link#{json}#link#` is a download link ("logDownload");
//   the JSON names the file, e.g. {"name": "x.log", "url": "/api/…"};
//   `#log<level>log# … #log<level>log#` (level error, info, warning or
//   success; blocks may span lines) is styled by level, the markers hidden.

export type LogMode = 'fclog' | 'log'
export const LOG_MODES: LogMode[] = ['fclog', 'log']

/** A line marker's level. */
export type MarkerLevel = 'error' | 'info' | 'warning'
/** A level block's level. */
export type BlockLevel = MarkerLevel | 'success'

const MARKER_WORDS: Record<string, MarkerLevel> = {
  error: 'error',
  err: 'error',
  fatal: 'error',
  severe: 'error',
  错误: 'error',
  异常: 'error',
  失败: 'error',
  info: 'info',
  information: 'info',
  notice: 'info',
  信息: 'info',
  提示: 'info',
  warn: 'warning',
  warning: 'warning',
  警告: 'warning',
}

export interface LineMarker {
  /** end of the leading bracketed tags (offset in the line) */
  tagsEnd: number
  /** each leading tag [from, to) including its brackets */
  tags: [number, number][]
  level: MarkerLevel
  /** the marker word [from, to) */
  markerFrom: number
  markerTo: number
}

const TAG = /\[[^\]\n]*\]/y
const WORD = /[A-Za-z]+|[\u4e00-\u9fff]+/g

function levelOf(word: string): MarkerLevel | undefined {
  return MARKER_WORDS[word.toLowerCase()]
}

/**
 * The marker of a line that starts with a bracketed tag and names a level
 * (in one of the tags, or as the first word after them); null otherwise.
 */
export function lineMarker(line: string): LineMarker | null {
  const tags: [number, number][] = []
  let pos = 0
  for (;;) {
    while (pos < line.length && (line[pos] === ' ' || line[pos] === '\t') && tags.length > 0) pos++
    TAG.lastIndex = pos
    const m = TAG.exec(line)
    if (!m) break
    tags.push([pos, pos + m[0].length])
    pos += m[0].length
  }
  if (tags.length === 0) return null
  const tagsEnd = tags[tags.length - 1][1]
  // A level word inside a tag: [ERROR], [main/WARN], [2026-… INFO].
  for (const [from, to] of tags) {
    const inner = line.slice(from + 1, to - 1)
    for (const w of inner.matchAll(WORD)) {
      const level = levelOf(w[0])
      if (level) {
        const at = from + 1 + (w.index ?? 0)
        return { tagsEnd, tags, level, markerFrom: at, markerTo: at + w[0].length }
      }
    }
  }
  // Or the first word after the tags: "[12:00:00] ERROR: …", "[x] 警告 …".
  const rest = /^[\s:：-]*([A-Za-z]+|[\u4e00-\u9fff]{2})/.exec(line.slice(tagsEnd))
  if (rest) {
    const level = levelOf(rest[1])
    if (level) {
      const at = tagsEnd + rest[0].length - rest[1].length
      return { tagsEnd, tags, level, markerFrom: at, markerTo: at + rest[1].length }
    }
  }
  return null
}

/** What a #link#…#link# names. */
export interface LogLink {
  name?: string
  url?: string
  [key: string]: unknown
}

export interface LinkToken {
  from: number
  to: number
  /** the JSON text between the markers */
  json: string
  /** null when the JSON is not an object naming a url or a name */
  link: LogLink | null
}

const LINK_MARK = '#link#'

/** Every #link#{json}#link# of text, with offsets from `offset`. */
export function findLinks(text: string, offset = 0): LinkToken[] {
  const out: LinkToken[] = []
  let pos = 0
  for (;;) {
    const open = text.indexOf(LINK_MARK, pos)
    if (open < 0) break
    const start = open + LINK_MARK.length
    const close = text.indexOf(LINK_MARK, start)
    if (close < 0) break
    const json = text.slice(start, close)
    if (json.includes('\n')) {
      pos = start // a link lives on one line: this marker does not open one
      continue
    }
    out.push({ from: offset + open, to: offset + close + LINK_MARK.length, json, link: parseLink(json) })
    pos = close + LINK_MARK.length
  }
  return out
}

/** The link a JSON text names, or null. */
export function parseLink(json: string): LogLink | null {
  try {
    const v: unknown = JSON.parse(json)
    if (!v || typeof v !== 'object' || Array.isArray(v)) return null
    const link = v as LogLink
    const ok = (k: string) => typeof link[k] === 'string' && (link[k] as string).trim() !== ''
    return ok('url') || ok('name') ? link : null
  } catch {
    return null
  }
}

/** The text a link shows: its name, else the last part of its url. */
export function linkLabel(link: LogLink): string {
  if (typeof link.name === 'string' && link.name.trim()) return link.name.trim()
  const url = typeof link.url === 'string' ? link.url : ''
  const last = url.split('?')[0].split('/').filter(Boolean).pop()
  return last || url
}

export interface LevelBlock {
  level: BlockLevel
  /** the opening marker [openFrom, contentFrom) */
  openFrom: number
  contentFrom: number
  /** the closing marker [contentTo, closeTo) */
  contentTo: number
  closeTo: number
}

const BLOCK = /#log(error|info|warning|warn|success)log#/g

const normalLevel = (l: string): BlockLevel => (l === 'warn' ? 'warning' : (l as BlockLevel))

/**
 * Every #log<level>log# … #log<level>log# block of text. A block closes at
 * the next marker of the same level; blocks do not nest; an opening marker
 * with no closing one is left as text.
 */
export function findLevelBlocks(text: string): LevelBlock[] {
  const out: LevelBlock[] = []
  const marks = [...text.matchAll(BLOCK)].map((m) => ({
    level: normalLevel(m[1]),
    from: m.index ?? 0,
    to: (m.index ?? 0) + m[0].length,
  }))
  let i = 0
  while (i < marks.length) {
    const open = marks[i]
    const j = marks.findIndex((m, k) => k > i && m.level === open.level)
    if (j < 0) {
      i++
      continue
    }
    const close = marks[j]
    out.push({ level: open.level, openFrom: open.from, contentFrom: open.to, contentTo: close.from, closeTo: close.to })
    i = j + 1
  }
  return out
}

/**
 * The level block opened on the line [lineFrom, lineTo] that goes on past the
 * line's end (it folds from the line's end to the block's closing marker).
 */
export function blockOpenedOn(blocks: LevelBlock[], lineFrom: number, lineTo: number): LevelBlock | null {
  return blocks.find((b) => b.openFrom >= lineFrom && b.openFrom <= lineTo && b.contentTo > lineTo) ?? null
}

/** Whether a line starts with a bracketed tag. */
export const isTagged = (line: string) => /^\[[^\]\n]*\]/.test(line)

/**
 * Whether a line continues the entry above it (a stack trace, a dump): it is
 * not empty and does not start a new tagged entry.
 */
export const isContinuation = (line: string) => line.trim() !== '' && !line.startsWith('[')

/**
 * The last line (0-based) of a fold that starts at line `index`, or null:
 * a level block opened on this line and closed on a later one (fclog), or a
 * tagged line followed by continuation lines.
 */
export function foldEnd(lines: string[], index: number, mode: LogMode): number | null {
  const line = lines[index]
  if (line === undefined) return null
  if (mode === 'fclog') {
    let lineFrom = 0
    for (let i = 0; i < index; i++) lineFrom += lines[i].length + 1
    const lineTo = lineFrom + line.length
    const b = blockOpenedOn(findLevelBlocks(lines.join('\n')), lineFrom, lineTo)
    if (b) {
      let end = index
      let pos = lineTo
      while (end + 1 < lines.length && pos + 1 <= b.contentTo) {
        end++
        pos += lines[end].length + 1
      }
      return end > index ? end : null
    }
  }
  if (!isTagged(line)) return null
  let end = index
  while (end + 1 < lines.length && isContinuation(lines[end + 1])) end++
  return end > index ? end : null
}
