// CodeMirror 6 extensions of the log viewer: the `fclog` and `log` modes
// (a stream language for tagged lines with level markers), the fclog
// decorations (logDownload links, level blocks), folding, and the theme. All
// colours are CSS variables the LogEditor sets from antd tokens.
import { Compartment, Facet, StateField, type EditorState, type Extension, type Range } from '@codemirror/state'
import { Decoration, EditorView, WidgetType, type DecorationSet } from '@codemirror/view'
import { foldService, HighlightStyle, StreamLanguage, type StreamParser } from '@codemirror/language'
import { Tag } from '@lezer/highlight'
import {
  blockOpenedOn,
  findLevelBlocks,
  findLinks,
  isContinuation,
  isTagged,
  lineMarker,
  linkLabel,
  type LevelBlock,
  type LineMarker,
  type LogLink,
  type LogMode,
} from './parse'

// ---- highlighting: bracketed tags and level markers ----

const logTags = {
  tag: Tag.define(),
  error: Tag.define(),
  info: Tag.define(),
  warning: Tag.define(),
}

interface LineState {
  marker: LineMarker | null
}

function parser(name: LogMode): StreamParser<LineState> {
  return {
    name,
    startState: () => ({ marker: null }),
    copyState: (s) => ({ marker: s.marker }),
    token(stream, state) {
      if (stream.sol()) state.marker = lineMarker(stream.string)
      const m = state.marker
      const pos = stream.pos
      if (!m) {
        stream.skipToEnd()
        return null
      }
      if (pos >= m.markerFrom && pos < m.markerTo) {
        stream.pos = m.markerTo
        return `marker-${m.level}`
      }
      for (const [from, to] of m.tags) {
        if (pos >= from && pos < to) {
          stream.pos = m.markerFrom > pos && m.markerFrom < to ? m.markerFrom : to
          return 'logTag'
        }
      }
      const next = [m.markerFrom, ...m.tags.map(([from]) => from)].filter((p) => p > pos).sort((a, b) => a - b)[0]
      if (next === undefined) stream.skipToEnd()
      else stream.pos = next
      return null
    },
    tokenTable: {
      logTag: logTags.tag,
      'marker-error': logTags.error,
      'marker-info': logTags.info,
      'marker-warning': logTags.warning,
    },
  }
}

/** The two highlight modes. */
export const languages: Record<LogMode, StreamLanguage<LineState>> = {
  fclog: StreamLanguage.define(parser('fclog')),
  log: StreamLanguage.define(parser('log')),
}

export const logHighlight = HighlightStyle.define([
  { tag: logTags.tag, class: 'cs-log-tag' },
  { tag: logTags.error, class: 'cs-log-marker cs-log-marker-error' },
  { tag: logTags.info, class: 'cs-log-marker cs-log-marker-info' },
  { tag: logTags.warning, class: 'cs-log-marker cs-log-marker-warning' },
])

// ---- the mode, the link handler ----

/** The viewer's mode (the fold service reads it). */
export const modeFacet = Facet.define<LogMode, LogMode>({ combine: (v) => v[0] ?? 'fclog' })

/** What clicking a logDownload link does. */
export const linkHandler = Facet.define<(link: LogLink) => void, (link: LogLink) => void>({
  combine: (v) => v[0] ?? (() => undefined),
})

// ---- decorations ----

class LinkWidget extends WidgetType {
  constructor(
    readonly json: string,
    readonly link: LogLink,
  ) {
    super()
  }
  eq(other: LinkWidget) {
    return other.json === this.json
  }
  toDOM(view: EditorView) {
    const a = document.createElement('a')
    a.className = 'logDownload'
    a.textContent = linkLabel(this.link)
    a.href = typeof this.link.url === 'string' ? this.link.url : '#'
    a.title = typeof this.link.url === 'string' ? this.link.url : a.textContent
    a.dataset.testid = 'log-download'
    a.addEventListener('click', (e) => {
      e.preventDefault()
      view.state.facet(linkHandler)(this.link)
    })
    return a
  }
  ignoreEvent() {
    return true // the link handles its own clicks
  }
}

const hidden = Decoration.replace({})
const lineDeco = {
  error: Decoration.line({ class: 'cs-log-line-error' }),
  warning: Decoration.line({ class: 'cs-log-line-warning' }),
  info: null,
}
const levelMark = {
  error: Decoration.mark({ class: 'cs-log-level cs-log-level-error' }),
  info: Decoration.mark({ class: 'cs-log-level cs-log-level-info' }),
  warning: Decoration.mark({ class: 'cs-log-level cs-log-level-warning' }),
  success: Decoration.mark({ class: 'cs-log-level cs-log-level-success' }),
}

/** Error and warning lines get a tinted background (both modes). */
const markedLines = StateField.define<DecorationSet>({
  create: (state) => lineDecorations(state),
  update: (deco, tr) => (tr.docChanged ? lineDecorations(tr.state) : deco),
  provide: (f) => EditorView.decorations.from(f),
})

function lineDecorations(state: EditorState): DecorationSet {
  const out: Range<Decoration>[] = []
  for (let i = 1; i <= state.doc.lines; i++) {
    const line = state.doc.line(i)
    const m = lineMarker(line.text)
    const deco = m && lineDeco[m.level]
    if (deco) out.push(deco.range(line.from))
  }
  return Decoration.set(out)
}

interface FclogState {
  blocks: LevelBlock[]
  deco: DecorationSet
}

/** fclog: links become logDownload widgets, level blocks are styled, their markers hidden. */
const fclogField = StateField.define<FclogState>({
  create: (state) => fclogDecorations(state),
  update: (v, tr) => (tr.docChanged ? fclogDecorations(tr.state) : v),
  provide: (f) => EditorView.decorations.from(f, (v) => v.deco),
})

function fclogDecorations(state: EditorState): FclogState {
  const text = state.doc.toString()
  const out: Range<Decoration>[] = []
  const blocks = findLevelBlocks(text)
  for (const b of blocks) {
    out.push(hidden.range(b.openFrom, b.contentFrom))
    if (b.contentTo > b.contentFrom) out.push(levelMark[b.level].range(b.contentFrom, b.contentTo))
    out.push(hidden.range(b.contentTo, b.closeTo))
  }
  const covered = (from: number, to: number) =>
    blocks.some((b) => (from < b.contentFrom && to > b.openFrom) || (from < b.closeTo && to > b.contentTo))
  for (const l of findLinks(text)) {
    if (l.link && !covered(l.from, l.to)) {
      out.push(Decoration.replace({ widget: new LinkWidget(l.json, l.link) }).range(l.from, l.to))
    }
  }
  return { blocks, deco: Decoration.set(out, true) }
}

// ---- folding ----

const logFolding = foldService.of((state, lineStart, lineEnd) => {
  if (state.facet(modeFacet) === 'fclog') {
    const field = state.field(fclogField, false)
    const b = field && blockOpenedOn(field.blocks, lineStart, lineEnd)
    if (b) return { from: lineEnd, to: b.contentTo }
  }
  const line = state.doc.lineAt(lineStart)
  if (!isTagged(line.text)) return null
  let last = line
  while (last.number < state.doc.lines) {
    const next = state.doc.line(last.number + 1)
    if (!isContinuation(next.text)) break
    last = next
  }
  return last.number > line.number ? { from: line.to, to: last.to } : null
})

// ---- the mode as one reconfigurable extension ----

export const modeCompartment = new Compartment()

/** Everything that depends on the mode. */
export function modeExtension(mode: LogMode): Extension {
  return [modeFacet.of(mode), languages[mode], mode === 'fclog' ? fclogField : []]
}

export const baseLogExtensions: Extension = [markedLines, logFolding]

// ---- theme ----

export const themeCompartment = new Compartment()

export function logTheme(dark: boolean): Extension {
  return EditorView.theme(
    {
      '&': {
        height: '100%',
        backgroundColor: 'var(--cs-log-bg)',
        color: 'var(--cs-log-text)',
        fontSize: 'var(--cs-log-font-size)',
      },
      '&.cm-focused': { outline: 'none' },
      '.cm-scroller': { fontFamily: 'var(--cs-log-font)', lineHeight: '1.6' },
      '.cm-gutters': {
        backgroundColor: 'var(--cs-log-gutter-bg)',
        color: 'var(--cs-log-muted)',
        borderRight: '1px solid var(--cs-log-border)',
      },
      '.cm-foldGutter .cm-gutterElement': { cursor: 'pointer', padding: '0 4px' },
      '.cm-foldPlaceholder': {
        backgroundColor: 'var(--cs-log-gutter-bg)',
        border: '1px solid var(--cs-log-border)',
        color: 'var(--cs-log-muted)',
      },
      '.cs-log-tag': { color: 'var(--cs-log-muted)' },
      '.cs-log-marker': { fontWeight: '600' },
      '.cs-log-marker-error': { color: 'var(--cs-log-error)' },
      '.cs-log-marker-info': { color: 'var(--cs-log-info)' },
      '.cs-log-marker-warning': { color: 'var(--cs-log-warning)' },
      '.cs-log-line-error': { backgroundColor: 'var(--cs-log-error-bg)' },
      '.cs-log-line-warning': { backgroundColor: 'var(--cs-log-warning-bg)' },
      '.cs-log-level-error': { color: 'var(--cs-log-error)' },
      '.cs-log-level-info': { color: 'var(--cs-log-info)' },
      '.cs-log-level-warning': { color: 'var(--cs-log-warning)' },
      '.cs-log-level-success': { color: 'var(--cs-log-success)' },
      '.logDownload': { color: 'var(--cs-log-link)', textDecoration: 'underline', cursor: 'pointer' },
      '.cm-selectionBackground, &.cm-focused .cm-selectionBackground': { backgroundColor: 'var(--cs-log-selection)' },
    },
    { dark },
  )
}
