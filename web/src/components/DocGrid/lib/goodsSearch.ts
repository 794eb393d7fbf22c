// The goods picker's search over the client goods cache: number, name,
// spec, barcodes (goods, unit and SKU) and the server's search text of the
// record (pinyin initials "kkkl" and full pinyin "kekoukele" find 可口可乐,
// as the goods list's own search does). A scanned barcode (typed, then Enter) names
// exactly one goods, unit and SKU.
//
// Pinyin initials come from the browser's zh collation (Intl.Collator
// orders Chinese by pinyin): the initial of a character is the last
// boundary character that sorts before or with it. No dictionary is
// shipped; polyphonic characters take their most common reading, as the
// server's search text does for matchCon.
/** A decimal as the server sends it (a JSON number or a numeric string). */
type WireDecimal = number | string

/** A unit of a goods record (the /inventory/list row's units). */
export interface CachedUnit {
  unitId: number
  unitName: string
  rate: WireDecimal
  isBase: number
  barCode: string
  purPrice: WireDecimal
  salePrice: WireDecimal
  wholesalePrice: WireDecimal
  vipPrice: WireDecimal
}

/** A SKU of a goods record (the /inventory/list row's skus). */
export interface CachedSku {
  id: number
  skuName: string
  /** the values' ids, "3,12" */
  skuAssistId: string
  barCode: string
  disable: number
}

/**
 * A goods record as the cache holds it (the /inventory/list row): the
 * fields the grid reads, declared here so that the grid does not depend on
 * the goods feature (features/goods/types.ts describes the whole record).
 */
export interface CachedGoods {
  id: number
  number: string
  name: string
  spec?: string
  barCode?: string
  unitId?: number
  unitName?: string
  unitTypeId?: number
  locationId?: number
  locationName?: string
  isSerNum?: number
  purPrice?: WireDecimal
  salePrice?: WireDecimal
  units?: CachedUnit[]
  skus?: CachedSku[]
  /** the server's search text (number, name, spec, barcodes, pinyin initials and full pinyin) */
  search?: string
  [key: string]: unknown
}

// The first character of each initial in pinyin order (GB2312 boundaries).
const BOUNDS = '阿八嚓哒妸发旮哈讥咔垃痳拏噢妑七呥扨它穵夕丫帀'
const LETTERS = 'ABCDEFGHJKLMNOPQRSTWXYZ'

let collator: Intl.Collator | null | undefined
function zh(): Intl.Collator | null {
  if (collator === undefined) {
    try {
      const c = new Intl.Collator('zh-CN-u-co-pinyin')
      // an ICU without Chinese data sorts by code point: 八 (516B) after 阿 (963F) fails
      collator = c.compare('八', '阿') > 0 ? c : null
    } catch {
      collator = null
    }
  }
  return collator
}

const initialCache = new Map<string, string>()

/** The lower-case pinyin initials of a text; other characters are kept (lower-cased), spaces dropped. */
export function pinyinInitials(text: string): string {
  const c = zh()
  let out = ''
  for (const ch of text) {
    if (/\s/.test(ch)) continue
    if (!/[\u4e00-\u9fff]/.test(ch) || !c) {
      out += ch.toLowerCase()
      continue
    }
    let v = initialCache.get(ch)
    if (v === undefined) {
      let lo = 0
      let hi = BOUNDS.length - 1
      let found = -1
      while (lo <= hi) {
        const mid = (lo + hi) >> 1
        if (c.compare(BOUNDS[mid], ch) <= 0) {
          found = mid
          lo = mid + 1
        } else hi = mid - 1
      }
      v = found < 0 ? '' : LETTERS[found].toLowerCase()
      initialCache.set(ch, v)
    }
    out += v
  }
  return out
}

/** A picked line target: the goods, and the unit / SKU a barcode names. */
export interface GoodsHit {
  goods: CachedGoods
  unitId?: number
  skuId?: number
  /** how it matched: an exact barcode or number wins Enter */
  exact: boolean
}

interface Indexed {
  goods: CachedGoods
  /** lower-cased number, name, spec, initials, barcodes */
  text: string
}

/** A search index over the goods cache (build once per cache version). */
export class GoodsIndex {
  private items: Indexed[] | null = null
  private byCode = new Map<string, { goods: CachedGoods; unitId?: number; skuId?: number }>()
  private byNumber = new Map<string, CachedGoods>()
  constructor(private readonly list: CachedGoods[]) {
    for (const g of list) {
      this.byNumber.set(String(g.number).toLowerCase(), g)
      if (g.barCode) this.byCode.set(g.barCode, { goods: g, unitId: g.unitId })
      for (const u of g.units ?? []) if (u.barCode) this.byCode.set(u.barCode, { goods: g, unitId: u.unitId })
      for (const s of g.skus ?? []) if (s.barCode && !s.disable) this.byCode.set(s.barCode, { goods: g, skuId: s.id })
    }
  }

  private index(): Indexed[] {
    // built lazily: the initials cost a collation per distinct character
    if (!this.items) {
      this.items = this.list.map((g) => {
        const codes = [g.barCode, ...(g.units ?? []).map((u) => u.barCode), ...(g.skus ?? []).map((s) => s.barCode)].filter(Boolean)
        // the server's search text, as the goods list's own search (matchCon) looks in it;
        // the initials from the browser's collation only for a record without one
        const own = typeof g.search === 'string' && g.search ? g.search : pinyinInitials(g.name ?? '')
        return { goods: g, text: [g.number, g.name, g.spec ?? '', own, ...codes].join('\u0001').toLowerCase() }
      })
    }
    return this.items
  }

  /** The goods, unit and SKU an exact barcode or goods number names. */
  exact(q: string): GoodsHit | null {
    const s = q.trim()
    if (!s) return null
    const code = this.byCode.get(s)
    if (code) return { ...code, exact: true }
    const g = this.byNumber.get(s.toLowerCase())
    return g ? { goods: g, exact: true } : null
  }

  /** Up to limit matches: an exact barcode/number first, then number prefix, then anything containing q. */
  search(q: string, limit = 50): GoodsHit[] {
    const s = q.trim().toLowerCase()
    const first = this.exact(q)
    const out: GoodsHit[] = first ? [first] : []
    if (!s) return this.list.slice(0, limit).map((goods) => ({ goods, exact: false }))
    const seen = new Set<number>(first ? [first.goods.id] : [])
    const later: GoodsHit[] = []
    for (const it of this.index()) {
      if (out.length >= limit) break
      if (seen.has(it.goods.id) || !it.text.includes(s)) continue
      seen.add(it.goods.id)
      if (String(it.goods.number).toLowerCase().startsWith(s)) out.push({ goods: it.goods, exact: false })
      else later.push({ goods: it.goods, exact: false })
    }
    return out.concat(later).slice(0, limit)
  }
}
