// The document line grid every document screen shares: keyboard
// first (lib/keyboard.ts), goods picker over the client goods cache
// (lib/goodsSearch.ts), figures recomputed exactly as the server does
// (lib/arithmetic.ts), columns by system settings and rights
// (lib/columns.ts), the server's field errors on their cells
// (lib/errors.ts). Rows are virtualised (fixed height): only the visible
// lines render, so 500 lines stay smooth.
//
// Controlled: the page owns `lines` and gets every change through
// onChange. Empty lines (no goods) are left out when saving
// (linesForSave); the server's error paths count the saved lines only,
// and the grid maps them back onto the lines they were made for.
import {
  memo,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react'
import { useTranslation } from 'react-i18next'
import { Input, Modal, theme } from 'antd'
import { DeleteOutlined, HolderOutlined } from '@ant-design/icons'
import { add, format } from '@/utils/decimal'
import type { ColumnKey, DocLine, GridColumn, GridSettings } from './types'
import { cursorColumns, gridColumns } from './lib/columns'
import {
  clampCursor,
  clickCell,
  doubleClickCell,
  gridKey,
  initialCursor,
  setDraft,
  type GridAction,
  type GridCursor,
  type GridShape,
} from './lib/keyboard'
import { GoodsIndex, type CachedGoods, type GoodsHit } from './lib/goodsSearch'
import { clearCell, editCell, emptyLine, isEmptyLine, moveLine, pickGoods, pickUnit, rowAt, type PickContext } from './lib/lines'
import { mapGridErrors } from './lib/errors'
import { firstProblem, withoutCell, type CellProblemAt } from './lib/problems'
import { headerFigures } from './lib/arithmetic'

export const ROW_HEIGHT = 34
const OVERSCAN = 8
const NUM_WIDTH = 56

export interface Warehouse {
  id: number
  name?: string
  [key: string]: unknown
}

export interface DocGridProps {
  lines: DocLine[]
  onChange: (lines: DocLine[]) => void
  settings: GridSettings
  /** the goods cache's records */
  goods: CachedGoods[]
  warehouses: Warehouse[]
  /** the header warehouse: a new line's default */
  defaultLocationId?: number
  priceField?: PickContext['priceField']
  priceOf?: PickContext['priceOf']
  /** the server's field errors (error envelope `errors`), for the lines as they were saved */
  errors?: Record<string, string> | null
  readOnly?: boolean
  /** columns an entry page leaves out (orders: batches, …) */
  hideColumns?: ColumnKey[]
  /** opt-in columns the page shows (transfers: inLocation; combinations: entryType) */
  showColumns?: ColumnKey[]
  /** column titles of the page (i18n keys of the docGrid namespace), e.g. location → "out warehouse" */
  columnTitles?: Partial<Record<ColumnKey, string>>
  /** the viewport height in pixels */
  height?: number
  testId?: string
  /** asks the grid before saving (see DocGridHandle) */
  gridRef?: Ref<DocGridHandle | null>
  /** what the page tells about the active line (available stock, last price), in the status bar */
  lineInfo?: (line: DocLine) => ReactNode
}

/** What an entry page asks the grid before saving. */
export interface DocGridHandle {
  /**
   * Takes the open editor's text into its cell, then answers the first cell
   * the grid refused (the cursor goes there, its error in view) and the lines
   * as they now are (the page's state may not have caught up yet).
   */
  check: () => { problem: CellProblemAt | null; lines: DocLine[] }
}

interface Option {
  value: number
  label: string
  hint?: string
}

type Resolver = () => { hit?: GoodsHit; option?: Option } | null

/** The text a cell shows (and F2 starts from). */
function cellText(l: DocLine, c: GridColumn, s: GridSettings): string {
  switch (c.key) {
    case 'goods':
      return l.invId ? `${l.invNumber} ${l.invName}` : ''
    case 'spec':
      return l.invSpec
    case 'unit':
      return l.unitName
    case 'sku':
      return l.skuName
    case 'location':
      return l.locationName
    case 'inLocation':
      return l.inLocationName ?? ''
    case 'serials':
      return l.serNumList.length ? String(l.serNumList.length) : ''
    default: {
      const v = (l as unknown as Record<string, unknown>)[c.key]
      const text = v === undefined || v === null ? '' : String(v)
      if (!l.invId && c.places) return ''
      if (c.places === 'price') return format(text, s.pricePlaces)
      if (c.places === 'amount') return format(text, s.amountPlaces)
      return text
    }
  }
}

/** The text an editor starts from (F2, double click): raw values, not formatted. */
function editText(l: DocLine, c: GridColumn): string {
  if (c.key === 'goods') return l.invNumber
  if (c.editor === 'decimal' || c.editor === 'text' || c.editor === 'date')
    return String((l as unknown as Record<string, unknown>)[c.key] ?? '')
  return ''
}

interface RowProps {
  line: DocLine
  row: number
  columns: GridColumn[]
  settings: GridSettings
  top: number
  /** the active column key on this row (undefined: not the active row) */
  activeKey?: ColumnKey
  editor?: React.ReactNode
  errors?: Map<ColumnKey, string>
  /** the texts of the line's cells that were refused and left (shown, marked, until corrected) */
  refused?: Map<ColumnKey, string>
  rowError?: string
  readOnly?: boolean
  onCell: (row: number, key: ColumnKey) => void
  /** a double click: edit the cell's value in place */
  onCellEdit: (row: number, key: ColumnKey) => void
  onDelete: (row: number) => void
  /** the line's number was pressed: a drag to another row may start */
  onDragStart?: (row: number, e: React.PointerEvent<HTMLElement>) => void
  /** a dragged line would land on this row: above it (dragged up) or below it (down) */
  dropTarget?: 'above' | 'below'
  colors: { active: string; error: string; border: string; stripe: string; bg: string }
}

const Row = memo(function Row({
  line,
  row,
  columns,
  settings,
  top,
  activeKey,
  editor,
  errors,
  refused,
  rowError,
  readOnly,
  onCell,
  onCellEdit,
  onDelete,
  onDragStart,
  dropTarget,
  colors,
}: RowProps) {
  const { t } = useTranslation('docGrid')
  const drops = !readOnly && !!onDragStart
  return (
    <div
      role="row"
      aria-rowindex={row + 2}
      data-testid={`docgrid-row-${row}`}
      style={{
        position: 'absolute',
        top,
        left: 0,
        height: ROW_HEIGHT,
        display: 'flex',
        background: row % 2 ? colors.stripe : colors.bg,
        boxShadow: dropTarget ? `inset 0 ${dropTarget === 'above' ? 2 : -2}px 0 ${colors.active}` : undefined,
      }}
    >
      <div
        role="rowheader"
        style={{ ...cellBase(NUM_WIDTH, colors.border), justifyContent: 'space-between', color: rowError ? colors.error : undefined }}
        title={rowError}
      >
        <span
          data-testid={`docgrid-handle-${row}`}
          title={drops ? t('dragLine') : undefined}
          onPointerDown={drops ? (e) => onDragStart?.(row, e) : undefined}
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 2,
            cursor: drops ? 'grab' : undefined,
            touchAction: drops ? 'none' : undefined,
          }}
        >
          {drops && <HolderOutlined style={{ opacity: 0.45 }} aria-label={t('dragLine')} />}
          <span>{row + 1}</span>
        </span>
        {!readOnly && (
          <DeleteOutlined
            aria-label={t('deleteLine')}
            data-testid={`docgrid-del-${row}`}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onDelete(row)}
            style={{ cursor: 'pointer', opacity: 0.45 }}
          />
        )}
      </div>
      {columns.map((c) => {
        const err = errors?.get(c.key)
        const active = activeKey === c.key
        const style: CSSProperties = {
          ...cellBase(c.width, colors.border),
          justifyContent: c.align === 'right' ? 'flex-end' : c.align === 'center' ? 'center' : 'flex-start',
          boxShadow: active ? `inset 0 0 0 2px ${colors.active}` : err ? `inset 0 0 0 1px ${colors.error}` : undefined,
          color: err ? colors.error : undefined,
          position: 'relative',
        }
        return (
          <div
            key={c.key}
            role="gridcell"
            aria-selected={active}
            aria-invalid={err ? true : undefined}
            data-testid={`docgrid-cell-${row}-${c.key}`}
            title={err}
            style={style}
            onMouseDown={(e) => {
              // Clicking the active cell keeps it selected: the keys stay
              // with the grid (typing replaces the value), the browser must
              // not move the focus.
              if (active && !editor) e.preventDefault()
              onCell(row, c.key)
            }}
            onDoubleClick={() => onCellEdit(row, c.key)}
          >
            {active && editor ? (
              editor
            ) : (
              <span style={ellipsis}>
                {refused?.has(c.key)
                  ? refused.get(c.key)
                  : c.key === 'entryType'
                    ? line.entryType
                      ? t(`entryType.${line.entryType}`)
                      : ''
                    : cellText(line, c, settings)}
              </span>
            )}
          </div>
        )
      })}
    </div>
  )
})

const ellipsis: CSSProperties = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }
function cellBase(width: number, border: string): CSSProperties {
  return {
    width,
    minWidth: width,
    height: ROW_HEIGHT,
    boxSizing: 'border-box',
    padding: '0 6px',
    display: 'flex',
    alignItems: 'center',
    gap: 4,
    borderRight: `1px solid ${border}`,
    borderBottom: `1px solid ${border}`,
  }
}

interface EditorProps {
  draft: string
  onDraft: (v: string) => void
  onKey: (e: KeyboardEvent<HTMLElement>) => void
  align?: 'left' | 'right' | 'center'
  /** choice / goods editors: the matching options */
  options?: Option[]
  resolverRef?: React.MutableRefObject<Resolver | null>
  hits?: GoodsHit[]
  testId: string
  listBg?: string
  activeBg?: string
}

/** The one editor of the active cell: a plain input, with a list for choices and goods. */
function CellEditor({ draft, onDraft, onKey, align, options, hits, resolverRef, testId, listBg, activeBg }: EditorProps) {
  const [hl, setHl] = useState(0)
  const ref = useRef<HTMLInputElement>(null)
  const count = hits ? hits.length : (options?.length ?? 0)
  useEffect(() => setHl(0), [draft])
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    el.focus()
    const n = el.value.length
    el.setSelectionRange(n, n)
  }, [])
  if (resolverRef)
    resolverRef.current = () => {
      if (hits) return hits[hl] ? { hit: hits[hl] } : null
      if (options) return options[hl] ? { option: options[hl] } : null
      return null
    }
  const list = hits
    ? hits.map((h) => ({
        key: `${h.goods.id}-${h.unitId ?? ''}-${h.skuId ?? ''}`,
        label: `${h.goods.number} ${h.goods.name}`,
        hint: String(h.goods.spec ?? ''),
      }))
    : (options ?? []).map((o) => ({ key: String(o.value), label: o.label, hint: o.hint ?? '' }))
  return (
    <>
      <input
        ref={ref}
        data-testid={testId}
        value={draft}
        onChange={(e) => onDraft(e.target.value)}
        onKeyDown={(e) => {
          if (count && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
            e.preventDefault()
            e.stopPropagation()
            setHl((h) => (e.key === 'ArrowDown' ? Math.min(count - 1, h + 1) : Math.max(0, h - 1)))
            return
          }
          onKey(e)
        }}
        style={{
          width: '100%',
          height: ROW_HEIGHT - 6,
          border: 'none',
          outline: 'none',
          background: 'transparent',
          textAlign: align ?? 'left',
          font: 'inherit',
          color: 'inherit',
          padding: 0,
        }}
      />
      {(hits || options) && list.length > 0 && (
        <div
          role="listbox"
          data-testid={`${testId}-list`}
          style={{
            position: 'absolute',
            top: ROW_HEIGHT,
            left: 0,
            zIndex: 3,
            minWidth: '100%',
            maxHeight: 8 * 28,
            overflowY: 'auto',
            background: listBg,
            boxShadow: '0 6px 16px rgba(0,0,0,0.12)',
          }}
        >
          {list.map((o, i) => (
            <div
              key={o.key}
              role="option"
              aria-selected={i === hl}
              onMouseDown={(e) => {
                e.preventDefault()
                e.stopPropagation()
                setHl(i)
                // choose on click: the grid commits with this highlight
                setTimeout(() =>
                  onKey({
                    key: 'Enter',
                    ctrlKey: false,
                    metaKey: false,
                    shiftKey: false,
                    altKey: false,
                    preventDefault() {},
                    stopPropagation() {},
                  } as KeyboardEvent<HTMLElement>),
                )
              }}
              style={{ padding: '4px 8px', whiteSpace: 'nowrap', cursor: 'pointer', background: i === hl ? activeBg : undefined }}
            >
              {o.label} {o.hint && <span style={{ opacity: 0.55 }}>{o.hint}</span>}
            </div>
          ))}
        </div>
      )}
    </>
  )
}

export function DocGrid(props: DocGridProps) {
  const {
    lines,
    onChange,
    settings: s,
    goods,
    warehouses,
    defaultLocationId,
    priceField,
    priceOf,
    errors,
    readOnly,
    hideColumns,
    showColumns,
    columnTitles,
    height = 420,
    testId = 'docgrid',
    gridRef,
    lineInfo,
  } = props
  const { t } = useTranslation('docGrid')
  const { token } = theme.useToken()
  const colors = useMemo(
    () => ({
      active: token.colorPrimary,
      error: token.colorError,
      border: token.colorBorderSecondary,
      stripe: token.colorFillQuaternary,
      bg: token.colorBgContainer,
    }),
    [token],
  )
  const columns = useMemo(
    () => gridColumns(s, { hide: hideColumns, show: showColumns, titles: columnTitles, readOnly }),
    [s, hideColumns, showColumns, columnTitles, readOnly],
  )
  const cursorCols = useMemo(() => cursorColumns(columns, readOnly), [columns, readOnly])
  const index = useMemo(() => new GoodsIndex(goods), [goods])
  const goodsById = useMemo(() => new Map(goods.map((g) => [g.id, g])), [goods])
  const whName = useMemo(() => new Map(warehouses.map((w) => [w.id, String(w.name ?? w.id)])), [warehouses])
  const pickCtx: PickContext = useMemo(
    () => ({
      settings: s,
      defaultLocationId,
      priceField,
      priceOf,
      locationName: (id: number) => whName.get(id) ?? '',
      // the warehouses given are those the user may use (the server's list, narrowed by data rights)
      usable: (id: number) => whName.has(id),
    }),
    [s, defaultLocationId, priceField, priceOf, whName],
  )

  // Keep one empty line at the end to type into.
  const shown = useMemo(
    () => (readOnly || (lines.length && isEmptyLine(lines[lines.length - 1])) ? lines : [...lines, emptyLine(s, defaultLocationId)]),
    [lines, readOnly, s, defaultLocationId],
  )
  const linesRef = useRef(shown)
  linesRef.current = shown
  const latestLines = useRef(lines)
  latestLines.current = lines

  const [cursor, setCursor] = useState<GridCursor>(initialCursor)
  const [local, setLocal] = useState<Map<string, Map<ColumnKey, string>>>(new Map())
  const localRef = useRef(local)
  localRef.current = local
  // The texts of refused cells the user clicked away from: shown in their
  // cells (marked by their problem in local) until corrected, cleared or
  // cancelled; the line keeps its old value and saving is refused meanwhile.
  const [refused, setRefused] = useState<Map<string, Map<ColumnKey, string>>>(new Map())
  const refusedRef = useRef(refused)
  refusedRef.current = refused
  const setRefusedText = useCallback(
    (key: string, col: ColumnKey, text: string | null) =>
      setRefused((prev) => {
        if (text === null && !prev.get(key)?.has(col)) return prev
        const next = new Map(prev)
        const m = new Map(next.get(key) ?? [])
        if (text === null) m.delete(col)
        else m.set(col, text)
        if (m.size) next.set(key, m)
        else next.delete(key)
        return next
      }),
    [],
  )
  const [serialRow, setSerialRow] = useState<number | null>(null)

  // Server errors: by the saved lines' order at the time they came, onto the lines' keys.
  const visible = useMemo(() => new Set(columns.map((c) => c.key)), [columns])
  const serverErrors = useMemo(() => {
    const m = mapGridErrors(errors ?? null, visible)
    const saved = linesRef.current.filter((l) => !isEmptyLine(l))
    const cells = new Map<string, Map<ColumnKey, string>>()
    const rows = new Map<string, string>()
    m.cells.forEach((v, i) => saved[i] && cells.set(saved[i].key, new Map(v)))
    m.rows.forEach((v, i) => saved[i] && rows.set(saved[i].key, v.join('; ')))
    return { cells, rows, grid: m.grid }
  }, [errors, visible])
  const [cleared, setCleared] = useState<Set<string>>(new Set())
  useEffect(() => setCleared(new Set()), [serverErrors])

  const shape: GridShape = useMemo(
    () => ({
      rows: shown.length,
      cols: cursorCols.length,
      readOnly,
      valueAt: (r, c) =>
        shown[r] && cursorCols[c]
          ? (refusedRef.current.get(shown[r].key)?.get(cursorCols[c].key) ?? editText(shown[r], cursorCols[c]))
          : '',
    }),
    [shown, cursorCols, readOnly],
  )
  const cur = clampCursor(cursor, shape)
  const curRef = useRef(cur)
  curRef.current = cur
  const activeCol = cursorCols[cur.col]
  const activeLine = shown[cur.row]

  const scrollRef = useRef<HTMLDivElement>(null)
  // The grid's keys and input-method compositions arrive in one hidden input
  // (a focused div takes no composition): typing Chinese into a selected cell
  // starts its edit with the composed text.
  const sinkRef = useRef<HTMLInputElement>(null)
  const [scrollTop, setScrollTop] = useState(0)
  const bodyHeight = height - 2 * ROW_HEIGHT
  // keep the active row in view
  useLayoutEffect(() => {
    const el = scrollRef.current
    if (!el) return
    const top = cur.row * ROW_HEIGHT
    if (top < el.scrollTop) el.scrollTop = top
    else if (top + ROW_HEIGHT > el.scrollTop + bodyHeight) el.scrollTop = top + ROW_HEIGHT - bodyHeight
    if (el.scrollTop !== scrollTop) setScrollTop(el.scrollTop)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cur.row, bodyHeight])
  // back to the grid when an edit ends
  useEffect(() => {
    if (!cur.editing && scrollRef.current?.contains(document.activeElement))
      (sinkRef.current ?? scrollRef.current).focus({ preventScroll: true })
  }, [cur.editing])

  const resolverRef = useRef<Resolver | null>(null)

  const problemText = useCallback((p: string) => t(`problem.${p}`), [t])

  const setCellProblem = (key: string, col: ColumnKey, msg: string | null) =>
    setLocal((prev) => {
      const next = new Map(prev)
      const m = new Map(next.get(key) ?? [])
      if (msg) m.set(col, msg)
      else m.delete(col)
      if (m.size) next.set(key, m)
      else next.delete(key)
      return next
    })

  /** Applies the keyboard model's actions to the lines; false when a commit was refused (the edit stays open). */
  const lastLines = useRef<DocLine[] | null>(null)
  const lastProblem = useRef('')
  const run = (actions: GridAction[]): boolean => {
    let ls = linesRef.current
    let changed = false
    for (const a of actions) {
      if (a.type === 'append') {
        ls = [...ls, emptyLine(s, defaultLocationId)]
        changed = true
      } else if (a.type === 'insert') {
        ls = [...ls.slice(0, a.row), emptyLine(s, defaultLocationId), ...ls.slice(a.row)]
        changed = true
      } else if (a.type === 'delete') {
        ls = ls.filter((_, i) => i !== a.row)
        changed = true
      } else if (a.type === 'move') {
        // the grid's own empty last line stays last
        const real = ls.length && isEmptyLine(ls[ls.length - 1]) ? ls.length - 1 : ls.length
        if (a.from >= real) continue
        const moved = [...moveLine(ls.slice(0, real), a.from, a.to), ...ls.slice(real)]
        changed ||= moved !== ls
        ls = moved
      } else {
        const col = cursorCols[a.col]
        const line = ls[a.row]
        if (!col || !line) continue
        const next = a.type === 'clear' ? clearCell(line, col.key, s) : commitCell(line, col, a.value)
        if (next === null) return false
        // a refused text left in the cell is replaced (or cleared with its problem)
        setRefusedText(line.key, col.key, null)
        if (a.type === 'clear') setLocal((p) => withoutCell(p, line.key, col.key))
        if (next !== line) {
          ls = ls.map((l, i) => (i === a.row ? next : l))
          changed = true
          setCleared((c) => new Set(c).add(`${line.key}:${col.key}`))
        }
      }
    }
    // drop trailing empty lines but one (the grid shows one anyway)
    while (ls.length > 1 && isEmptyLine(ls[ls.length - 1]) && isEmptyLine(ls[ls.length - 2])) ls = ls.slice(0, -1)
    if (changed) {
      const out = ls.filter((l, i) => !(i === ls.length - 1 && isEmptyLine(l)))
      const same = out.length === lines.length && out.every((l, i) => l === lines[i])
      if (!same) {
        lastLines.current = out
        onChange(out)
      }
    }
    return true
  }

  /** The line after committing the editor's text into a column; null: refused (bad text, no such goods). */
  const commitCell = (line: DocLine, col: GridColumn, value: string): DocLine | null => {
    const r = resolverRef.current?.()
    resolverRef.current = null
    switch (col.key) {
      case 'goods': {
        if (value.trim() === '') return line
        const hit = index.exact(value) ?? r?.hit ?? null
        if (!hit) {
          lastProblem.current = t('noGoods', { text: value.trim() })
          setCellProblem(line.key, 'goods', lastProblem.current)
          return null
        }
        setCellProblem(line.key, 'goods', null)
        return pickGoods(line, hit, pickCtx)
      }
      case 'unit':
        return r?.option ? pickUnit(line, goodsById.get(line.invId), r.option.value, pickCtx) : line
      case 'sku':
        return r?.option ? { ...line, skuId: r.option.value, skuName: r.option.label } : line
      case 'location':
        return r?.option ? { ...line, locationId: r.option.value, locationName: r.option.label } : line
      case 'inLocation':
        return r?.option ? { ...line, inLocationId: r.option.value, inLocationName: r.option.label } : line
      case 'entryType':
        return r?.option ? { ...line, entryType: r.option.value } : line
      default: {
        const { line: next, problem } = editCell(line, col.key, value, s)
        lastProblem.current = problem ? problemText(problem) : ''
        setCellProblem(line.key, col.key, problem ? problemText(problem) : null)
        return problem ? null : next
      }
    }
  }

  const onKey = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Enter' && !cur.editing && activeCol?.editor === 'serials' && !readOnly) {
      e.preventDefault()
      setSerialRow(cur.row)
      return
    }
    const r = gridKey(cur, { key: e.key, ctrl: e.ctrlKey, meta: e.metaKey, shift: e.shiftKey, alt: e.altKey }, shape)
    if (!r.handled) return
    e.preventDefault()
    e.stopPropagation()
    // serials are edited in their dialog, not typed into
    if (r.state.editing && !cur.editing && activeCol?.editor === 'serials') {
      setSerialRow(cur.row)
      return
    }
    if (r.actions.length && !run(r.actions)) return
    // Escape: the edit is dropped, and with it the refusal of its text
    if (cur.editing && !r.state.editing && activeLine && activeCol && !r.actions.some((a) => a.type === 'commit')) {
      setLocal((p) => withoutCell(p, activeLine.key, activeCol.key))
      setRefusedText(activeLine.key, activeCol.key, null)
    }
    // the editor unmounts: keys go back to the grid
    if (cur.editing && !r.state.editing) focusGrid()
    setCursor(r.state)
  }

  const shapeRef = useRef(shape)
  shapeRef.current = shape
  const runRef = useRef(run)
  runRef.current = run
  /** Takes the open editor's text into its cell; false when the cell refuses it (the editor stays, its error shown). */
  const commitOpen = useCallback((): boolean => {
    const c = curRef.current
    if (!c.editing || readOnly || cursorCols[c.col]?.editor === 'serials') return true
    if (!runRef.current([{ type: 'commit', row: c.row, col: c.col, value: c.draft }])) return false
    setCursor((x) => ({ ...x, editing: false, draft: '' }))
    return true
  }, [cursorCols, readOnly])
  const onCell = useCallback(
    (row: number, key: ColumnKey) => {
      const col = cursorCols.findIndex((c) => c.key === key)
      if (col < 0) return
      // leaving an open edit by the mouse takes its text; a refused text
      // stays in its cell, marked, and the click goes where it was meant
      const c = curRef.current
      if (c.editing && (c.row !== row || c.col !== col) && !commitOpen()) {
        const line = linesRef.current[c.row]
        const open = cursorCols[c.col]
        if (line && open) setRefusedText(line.key, open.key, c.draft)
        setCursor({ row, col, editing: false, draft: '' })
        return
      }
      setCursor((c) => clickCell(clampCursor(c, shapeRef.current), row, col, shapeRef.current))
    },
    [cursorCols, commitOpen, setRefusedText],
  )
  const onCellEdit = useCallback(
    (row: number, key: ColumnKey) => {
      const col = cursorCols.findIndex((c) => c.key === key)
      if (col < 0 || readOnly || cursorCols[col].editor === 'serials') return
      const c = curRef.current
      if (c.editing && (c.row !== row || c.col !== col)) return // the click before this one decided
      setCursor((c) => doubleClickCell(clampCursor(c, shapeRef.current), row, col, shapeRef.current))
    },
    [cursorCols, readOnly],
  )
  const focusGrid = () => (sinkRef.current ?? scrollRef.current)?.focus({ preventScroll: true })

  useImperativeHandle(
    gridRef,
    () => ({
      check: () => {
        lastLines.current = null
        const c = curRef.current
        const open = cursorCols[c.col]
        const line = linesRef.current[c.row]
        if (!commitOpen()) {
          scrollRef.current?.querySelector<HTMLInputElement>(`[data-testid="${testId}-editor"]`)?.focus()
          return { problem: { row: c.row, col: open.key, msg: lastProblem.current }, lines: linesRef.current }
        }
        let problems = localRef.current
        if (c.editing && line && open) problems = withoutCell(problems, line.key, open.key)
        const changed = lastLines.current
        const lines = changed ?? linesRef.current
        const problem = firstProblem(
          lines,
          problems,
          cursorCols.map((x) => x.key),
        )
        if (problem) {
          const col = cursorCols.findIndex((x) => x.key === problem.col)
          setCursor({ row: problem.row, col: Math.max(0, col), editing: false, draft: '' })
          focusGrid()
        }
        // unchanged: the page's own array (its errors know the lines by identity)
        return { problem, lines: changed ?? latestLines.current }
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [cursorCols, commitOpen],
  )
  const onDelete = useCallback(
    (row: number) => {
      const ls = linesRef.current.filter((_, i) => i !== row)
      onChange(ls.filter((l, i) => !(i === ls.length - 1 && isEmptyLine(l))))
    },
    [onChange],
  )

  // a line dragged by its number onto another row: it takes that place, the cursor follows
  const [drag, setDrag] = useState<{ from: number; to: number } | null>(null)
  const onDropLine = useCallback(
    (from: number, to: number) => {
      if (readOnly || from === to || !commitOpen()) return
      if (!runRef.current([{ type: 'move', from, to }])) return
      setCursor((c) => (c.row === from ? { ...c, row: to, editing: false, draft: '' } : c))
    },
    [readOnly, commitOpen],
  )
  // Dragging by pointer events (mouse, pen and touch alike): the row under
  // the pointer is where the line lands, shown while dragging.
  const onDragStart = useCallback(
    (from: number, e: React.PointerEvent<HTMLElement>) => {
      if (readOnly || e.button !== 0) return
      const body = e.currentTarget.closest('[role="row"]')?.parentElement
      if (!body) return
      e.preventDefault()
      const at = (y: number) => rowAt(y, body.getBoundingClientRect().top, ROW_HEIGHT, linesRef.current.length)
      const move = (ev: PointerEvent) => setDrag({ from, to: at(ev.clientY) })
      const end = (ev: PointerEvent) => {
        window.removeEventListener('pointermove', move)
        window.removeEventListener('pointerup', end)
        window.removeEventListener('pointercancel', end)
        setDrag(null)
        if (ev.type === 'pointerup') onDropLine(from, at(ev.clientY))
      }
      window.addEventListener('pointermove', move)
      window.addEventListener('pointerup', end)
      window.addEventListener('pointercancel', end)
    },
    [readOnly, onDropLine],
  )

  // options of the active choice cell
  const editorOptions = useMemo((): { options?: Option[]; hits?: GoodsHit[] } => {
    if (!cur.editing || !activeCol || !activeLine) return {}
    const q = cur.draft.trim().toLowerCase()
    const filter = (o: Option[]) => (q ? o.filter((x) => x.label.toLowerCase().includes(q)) : o)
    const g = goodsById.get(activeLine.invId)
    switch (activeCol.key) {
      case 'goods':
        return { hits: index.search(cur.draft, 30) }
      case 'unit':
        return { options: filter((g?.units ?? []).map((u) => ({ value: u.unitId, label: u.unitName, hint: String(u.rate) }))) }
      case 'sku':
        return { options: filter((g?.skus ?? []).filter((x) => !x.disable).map((x) => ({ value: x.id, label: x.skuName }))) }
      case 'location':
      case 'inLocation':
        return { options: filter(warehouses.map((w) => ({ value: w.id, label: String(w.name ?? w.id) }))) }
      case 'entryType':
        return { options: filter([1, 2].map((v) => ({ value: v, label: t(`entryType.${v}`) }))) }
      default:
        return {}
    }
  }, [cur.editing, cur.draft, activeCol, activeLine, goodsById, index, warehouses, t])

  const editor =
    cur.editing && activeCol ? (
      <CellEditor
        key={`${cur.row}-${cur.col}`}
        draft={cur.draft}
        onDraft={(v) => setCursor((c) => setDraft(c, v))}
        onKey={onKey}
        align={activeCol.align}
        resolverRef={resolverRef}
        testId={`${testId}-editor`}
        listBg={token.colorBgElevated}
        activeBg={token.controlItemBgActive}
        {...editorOptions}
      />
    ) : undefined

  // totals of the lines (the server's sums of stored lines)
  const totals = useMemo(() => {
    const saved = shown.filter((l) => !isEmptyLine(l))
    const h = headerFigures(saved, {}, { on: s.taxOn, priceIsTax: s.priceIsTax, amountPlaces: s.amountPlaces })
    const a = s.amountPlaces
    return {
      qty: h.totalQty,
      amount: format(addAll(saved.map((l) => l.amount)), a),
      tax: format(h.totalTax, a),
      taxAmount: format(h.totalTaxAmount, a),
      deduction: format(addAll(saved.map((l) => l.deduction)), a),
      cost: format(addAll(saved.map((l) => l.cost ?? '0')), a),
    } as Partial<Record<ColumnKey, string>>
  }, [shown, s])

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN)
  const last = Math.min(shown.length, Math.ceil((scrollTop + bodyHeight) / ROW_HEIGHT) + OVERSCAN)
  const width = NUM_WIDTH + columns.reduce((a, c) => a + c.width, 0)
  const headerCell = (c: { key: string; width: number; align?: string }, text: string, extra?: CSSProperties) => (
    <div
      key={c.key}
      role="columnheader"
      style={{
        ...cellBase(c.width, colors.border),
        justifyContent: c.align === 'right' ? 'flex-end' : c.align === 'center' ? 'center' : 'flex-start',
        fontWeight: 600,
        ...extra,
      }}
    >
      <span style={ellipsis}>{text}</span>
    </div>
  )

  const activeErr =
    (activeLine &&
      (local.get(activeLine.key)?.get(activeCol?.key as ColumnKey) ??
        (!cleared.has(`${activeLine.key}:${activeCol?.key}`)
          ? serverErrors.cells.get(activeLine.key)?.get(activeCol?.key as ColumnKey)
          : undefined))) ||
    (activeLine && serverErrors.rows.get(activeLine.key))

  const rows = []
  for (let i = first; i < last; i++) {
    const line = shown[i]
    const isActive = i === cur.row
    const srv = serverErrors.cells.get(line.key)
    const loc = local.get(line.key)
    let errs: Map<ColumnKey, string> | undefined
    if (srv || loc) {
      errs = new Map()
      srv?.forEach((v, k) => !cleared.has(`${line.key}:${k}`) && errs!.set(k, v))
      loc?.forEach((v, k) => errs!.set(k, v))
    }
    rows.push(
      <Row
        key={line.key}
        line={line}
        row={i}
        columns={columns}
        settings={s}
        top={i * ROW_HEIGHT}
        activeKey={isActive ? activeCol?.key : undefined}
        editor={isActive ? editor : undefined}
        errors={errs}
        refused={refused.get(line.key)}
        rowError={serverErrors.rows.get(line.key)}
        readOnly={readOnly}
        onCell={onCell}
        onCellEdit={onCellEdit}
        onDelete={onDelete}
        onDragStart={onDragStart}
        dropTarget={drag && drag.to === i && drag.to !== drag.from ? (drag.to < drag.from ? 'above' : 'below') : undefined}
        colors={colors}
      />,
    )
  }

  return (
    <div data-testid={testId} style={{ border: `1px solid ${colors.border}`, borderRadius: token.borderRadius, background: colors.bg }}>
      <div
        ref={scrollRef}
        role="grid"
        aria-rowcount={shown.length + 2}
        aria-label={t('grid')}
        tabIndex={0}
        onKeyDown={onKey}
        onFocus={(e) => {
          if (e.target === e.currentTarget && !cur.editing) sinkRef.current?.focus({ preventScroll: true })
        }}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        data-testid={`${testId}-grid`}
        style={{ height, overflow: 'auto', position: 'relative', outline: 'none', fontSize: token.fontSize }}
      >
        {
          <input
            ref={sinkRef}
            aria-hidden
            tabIndex={-1}
            data-testid={`${testId}-sink`}
            onCompositionEnd={(e) => {
              const text = e.data || e.currentTarget.value
              e.currentTarget.value = ''
              if (readOnly || !text || !activeCol || activeCol.editor === 'none' || activeCol.editor === 'serials') return
              setCursor((c) => ({ ...clampCursor(c, shapeRef.current), editing: true, draft: text }))
            }}
            onChange={(e) => {
              // text that arrives outside a composition (an IME committing at once)
              const native = e.nativeEvent as InputEvent
              if (native.isComposing) return
              const text = e.currentTarget.value
              e.currentTarget.value = ''
              if (readOnly || !text || !activeCol || activeCol.editor === 'none' || activeCol.editor === 'serials') return
              setCursor((c) => ({ ...clampCursor(c, shapeRef.current), editing: true, draft: text }))
            }}
            style={{ position: 'absolute', left: 0, top: 0, width: 1, height: 1, opacity: 0, border: 0, padding: 0, pointerEvents: 'none' }}
          />
        }
        <div role="row" style={{ position: 'sticky', top: 0, zIndex: 2, display: 'flex', width, background: colors.bg }}>
          {headerCell({ key: '#', width: NUM_WIDTH }, t('col.no'), { background: token.colorFillAlter })}
          {columns.map((c) => headerCell(c, t(c.title), { background: token.colorFillAlter }))}
        </div>
        <div role="rowgroup" style={{ position: 'relative', height: shown.length * ROW_HEIGHT, width }}>
          {rows}
        </div>
        <div
          role="row"
          data-testid={`${testId}-totals`}
          style={{ position: 'sticky', bottom: 0, zIndex: 2, display: 'flex', width, background: colors.bg }}
        >
          {headerCell({ key: '#', width: NUM_WIDTH }, t('total'), { background: token.colorFillAlter })}
          {columns.map((c) => (
            <div
              key={c.key}
              data-testid={`${testId}-total-${c.key}`}
              style={{ ...cellBase(c.width, colors.border), justifyContent: 'flex-end', fontWeight: 600, background: token.colorFillAlter }}
            >
              {c.total ? (totals[c.key] ?? '') : ''}
            </div>
          ))}
        </div>
      </div>
      <div
        data-testid={`${testId}-status`}
        style={{
          display: 'flex',
          gap: token.marginSM,
          padding: `${token.paddingXXS}px ${token.paddingXS}px`,
          fontSize: token.fontSizeSM,
          minHeight: 24,
        }}
      >
        {serverErrors.grid.map((m) => (
          <span key={m} style={{ color: token.colorError }}>
            {m}
          </span>
        ))}
        {activeErr ? (
          <span style={{ color: token.colorError }} data-testid={`${testId}-error`}>
            {t('lineError', { line: cur.row + 1, col: activeCol ? t(activeCol.title) : '', msg: activeErr })}
          </span>
        ) : (
          <span style={{ color: token.colorTextTertiary }}>{readOnly ? t('readOnlyKeys') : t('keys')}</span>
        )}
        {lineInfo && activeLine && !isEmptyLine(activeLine) && <span style={{ marginLeft: 'auto' }}>{lineInfo(activeLine)}</span>}
      </div>
      {serialRow !== null && shown[serialRow] && (
        <SerialDialog
          line={shown[serialRow]}
          onClose={() => {
            setSerialRow(null)
            focusGrid()
          }}
          onOk={(list) => {
            const line = shown[serialRow]
            const next = { ...line, serNumList: list.map((serNum) => ({ serNum })), qty: list.length ? String(list.length) : line.qty }
            const ls = linesRef.current.map((l, i) => (i === serialRow ? (next.invId ? editCell(next, 'qty', next.qty, s).line : next) : l))
            onChange(ls.filter((l, i) => !(i === ls.length - 1 && isEmptyLine(l))))
            setSerialRow(null)
            focusGrid()
          }}
        />
      )}
    </div>
  )
}

const addAll = (values: string[]): string => add(...values)

/** Serial numbers of a line: one a line (a scanner types one and Enter); the count becomes the quantity. */
function SerialDialog({ line, onOk, onClose }: { line: DocLine; onOk: (list: string[]) => void; onClose: () => void }) {
  const { t } = useTranslation('docGrid')
  const [text, setText] = useState(line.serNumList.map((x) => x.serNum).join('\n'))
  const list = text
    .split(/\r?\n/)
    .map((x) => x.trim())
    .filter(Boolean)
  const dup = list.find((x, i) => list.indexOf(x) !== i)
  return (
    <Modal
      open
      title={t('serials.title', { name: line.invName })}
      onCancel={onClose}
      onOk={() => !dup && onOk(list)}
      okButtonProps={{ disabled: !!dup, 'data-testid': 'docgrid-serials-ok' } as never}
      destroyOnHidden
    >
      <Input.TextArea
        autoFocus
        rows={10}
        value={text}
        onChange={(e) => setText(e.target.value)}
        data-testid="docgrid-serials-text"
        placeholder={t('serials.placeholder')}
      />
      <div style={{ marginTop: 8 }}>{dup ? t('serials.duplicate', { serNum: dup }) : t('serials.count', { count: list.length })}</div>
    </Modal>
  )
}

export default DocGrid
