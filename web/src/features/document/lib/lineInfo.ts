// What the entry page tells about the active line: the stock it can take
// (GET /inventory/available, base unit) in the line's unit and warehouse,
// and the last price to or from the contact (listBySelected).
import type { DocLine } from '@/components/DocGrid'
import { add, div, format } from '@/utils/decimal'

export interface AvailableRow {
  invId: number
  skuId: number
  locationId: number
  qty: string | number
}

/**
 * On hand for the line in its unit (rate: base units per line unit), in its
 * warehouse (all of the shop's when it has none) and SKU, formatted with the
 * quantity places.
 */
export function availableFor(
  rows: AvailableRow[],
  line: Pick<DocLine, 'invId' | 'skuId' | 'locationId'>,
  rate: string | number,
  qtyPlaces: number,
): string {
  const mine = rows.filter(
    (r) => r.invId === line.invId && (!line.skuId || r.skuId === line.skuId) && (!line.locationId || r.locationId === line.locationId),
  )
  const base = add(...mine.map((r) => r.qty))
  return format(div(base, rate || 1, qtyPlaces) || base, qtyPlaces)
}
