// The pickers of master data (contacts, goods, warehouses, staff, accounts,
// items): options of cached records ("number name") and their type-ahead
// filter. A record's list row carries the server's search text (`search`:
// number, name … lower-cased, one per line, with the pinyin initials and full pinyin of
// any Chinese, internal/search), which is what the list's own search
// (matchCon) looks in: a picker finds "xhb" and "xihubian" for 西湖边小卖部
// exactly as the list does.

/** A cached record a picker offers. */
export interface Pickable {
  id: number
  name?: unknown
  number?: unknown
  search?: unknown
}

/** A picker's option: the label shown, and the text typing is matched on. */
export interface PickOption {
  value: number
  label: string
  search: string
}

/** The label of a record: "number name", or the name (the id when it has none). */
export function pickLabel(x: Pickable): string {
  return x.number ? `${String(x.number)} ${String(x.name ?? '')}`.trim() : String(x.name ?? x.id)
}

/** Options of cached records (labelled "number name" unless told otherwise). */
export function pickOptions<T extends Pickable>(list: T[], label: (x: T) => string = pickLabel): PickOption[] {
  return list.map((x) => ({ value: x.id, label: label(x), search: typeof x.search === 'string' ? x.search : '' }))
}

/**
 * Whether what was typed finds an option: as the server's search does
 * (trimmed, lower case, anywhere in one part of the search text), or
 * anywhere in the label.
 */
export function pickFilter(input: string, o?: { label?: unknown; search?: unknown }): boolean {
  const q = input.trim().toLowerCase()
  if (!q) return true
  if (
    String(o?.label ?? '')
      .toLowerCase()
      .includes(q)
  )
    return true
  return typeof o?.search === 'string' && o.search.includes(q)
}
