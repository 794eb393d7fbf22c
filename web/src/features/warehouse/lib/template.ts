// Combination templates ↔ document lines: the lines a template gives
// (the server scales the parts: /combination/templates/apply), and the
// template a combination's lines make ("save as template").
import { emptyLine, isEmptyLine, type DocLine } from '@/components/DocGrid'
import type { CachedGoods } from '@/components/DocGrid/lib/goodsSearch'
import { entryTypeOf } from '@/features/document/lib/form'
import type { AppliedLine, TemplateInput } from '../api'

let seq = 0

/** The grid lines of a template applied (names from the goods cache), in the default warehouse. */
export function linesFromTemplate(applied: AppliedLine[], goods: Map<number, CachedGoods>, locationId = 0, locationName = ''): DocLine[] {
  return applied.map((a) => {
    const g = goods.get(a.invId)
    const unit = (g?.units ?? []).find((u) => u.unitId === a.unitId)
    const sku = a.skuId ? (g?.skus ?? []).find((x) => x.id === a.skuId) : undefined
    return {
      ...emptyLine({ defaultTaxRate: '0', taxOn: false }, locationId),
      key: `t${Date.now().toString(36)}${(seq++).toString(36)}`,
      invId: a.invId,
      invNumber: g?.number ?? '',
      invName: g?.name ?? '',
      invSpec: String(g?.spec ?? ''),
      skuId: a.skuId,
      skuName: sku?.skuName ?? '',
      unitId: a.unitId,
      unitName: unit?.unitName ?? String(g?.unitName ?? ''),
      locationName: locationId ? locationName : '',
      qty: String(a.qty),
      price: '0',
      entryType: a.entryType,
    }
  })
}

/**
 * The template of a combination's lines: the product line (entryType 1, or
 * the first) and its parts with their quantities for the product's quantity
 * (the server keeps them per 1 product). null without a product and a part.
 */
export function templateFromLines(name: string, lines: DocLine[]): TemplateInput | null {
  const saved = lines.filter((l) => !isEmptyLine(l))
  const typed = saved.map((l, i) => ({ l, type: entryTypeOf(l, i, saved) }))
  const product = typed.find((x) => x.type === 1)?.l
  const parts = typed.filter((x) => x.type === 2).map((x) => x.l)
  if (!product || !parts.length) return null
  return {
    name: name.trim(),
    invId: product.invId,
    skuId: product.skuId,
    unitId: product.unitId,
    qty: product.qty || '1',
    entries: parts.map((p) => ({ invId: p.invId, skuId: p.skuId, unitId: p.unitId, qty: p.qty || '0' })),
  }
}
