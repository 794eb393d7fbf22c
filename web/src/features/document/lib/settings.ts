// The grid settings of a kind: system parameters plus the user's rights.
import type { GridSettings } from '@/components/DocGrid'
import type { SystemParams } from '@/features/sysconf/types'
import { COST_RIGHT, type DocKind } from '../kinds'

export function gridSettings(p: Partial<SystemParams> | undefined, k: DocKind, can: (perm: string) => boolean): GridSettings {
  const on = (v: unknown) => Number(v) === 1
  return {
    taxOn: on(p?.taxRequiredCheck),
    priceIsTax: on(p?.invPriceIsTax),
    defaultTaxRate: String(p?.taxRequiredInput ?? '0') || '0',
    qtyPlaces: Number(p?.qtyPlaces ?? 4),
    pricePlaces: Number(p?.pricePlaces ?? 4),
    amountPlaces: Number(p?.amountPlaces ?? 2),
    multiUnit: on(p?.multiUnit),
    skus: on(p?.enableAssistingProp),
    serials: !k.order && on(p?.ISSERNUM),
    batches: !k.order && on(p?.ISWARRANTY),
    lineWarehouse: true,
    money: !k.moneyRight || can(k.moneyRight),
    cost: k.showCost && can(COST_RIGHT),
  }
}
