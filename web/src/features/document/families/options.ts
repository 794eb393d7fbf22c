// Select options of cached records ("number name") and their type-ahead filter.
export const options = (list: { id: number; name?: string; number?: string }[]) =>
  list.map((x) => ({ value: x.id, label: x.number ? `${x.number} ${x.name ?? ''}` : String(x.name ?? x.id) }))
export const filter = (input: string, o?: { label?: unknown }) =>
  String(o?.label ?? '')
    .toLowerCase()
    .includes(input.toLowerCase())
