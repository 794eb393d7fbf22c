// What an entry page asks GET /inventory/listBySelected for, and under which
// key it keeps the answers. A trading document asks for the contact's prices
// (level price, last price; docs/basic-data.md). A kind whose lines put goods
// into a warehouse at a cost (other stock-in, priceBasis 'cost') asks for
// what the goods are worth in the line's warehouse (basis=cost: its current
// unit cost there, else the last purchase price, else the purchase price),
// never for a sale price.
import type { DocLine } from '@/components/DocGrid'
import type { DocKind } from '../kinds'

/** One request: goods ids for a contact (bu) or, on the cost basis, a warehouse (loc). */
export interface ProposalAsk {
  bu: number
  loc: number
  ids: number[]
}

/** The key of one unit's proposal. */
export const proposalKey = (bu: number, loc: number, invId: number, unitId: number) => `${bu}:${loc}:${invId}:${unitId}`

/** The contact and warehouse a line's proposal is asked for. */
export function proposalScope(
  kind: Pick<DocKind, 'priceBasis'>,
  line: Pick<DocLine, 'locationId'>,
  header: { buId?: number; locationId?: number },
) {
  return kind.priceBasis === 'cost' ? { bu: 0, loc: line.locationId || header.locationId || 0 } : { bu: header.buId ?? 0, loc: 0 }
}

/**
 * The requests for lines still waiting for a proposal (priceSource 'goods')
 * whose goods were not asked for in their scope yet (asked holds
 * "bu:loc:invId"; the caller adds what it asks).
 */
export function proposalAsks(
  kind: Pick<DocKind, 'priceBasis'>,
  lines: Pick<DocLine, 'invId' | 'locationId' | 'priceSource'>[],
  header: { buId?: number; locationId?: number },
  asked: ReadonlySet<string>,
): ProposalAsk[] {
  const out = new Map<string, ProposalAsk>()
  for (const l of lines) {
    if (!l.invId || l.priceSource !== 'goods') continue
    const { bu, loc } = proposalScope(kind, l, header)
    if (asked.has(`${bu}:${loc}:${l.invId}`)) continue
    const k = `${bu}:${loc}`
    const a = out.get(k) ?? { bu, loc, ids: [] }
    if (!a.ids.includes(l.invId)) a.ids.push(l.invId)
    out.set(k, a)
  }
  return [...out.values()]
}
