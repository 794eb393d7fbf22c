// What the goods screens pick from, out of the client caches: stand-alone
// units, unit groups, attribute groups (assistType kind 1) with their values,
// warehouses.
import { useMemo } from 'react'
import { useCache } from '@/features/cache/api'
import type { AssistType, AssistValue, Unit, UnitGroup } from '../types'

export interface Warehouse {
  id: number
  name: string
  number?: string
  disable?: number
  [key: string]: unknown
}

export function useGoodsRefs() {
  const units = useCache<Unit>('units')
  const groups = useCache<UnitGroup>('unitGroups')
  const types = useCache<AssistType>('assistTypes')
  const assists = useCache<AssistValue>('assists')
  const warehouses = useCache<Warehouse>('warehouses')
  return useMemo(() => {
    const attrGroups = types.list.filter((t) => Number(t.kind) === 1)
    const groupIds = new Set(attrGroups.map((g) => g.id))
    const values = assists.list.filter((a) => groupIds.has(Number(a.typeId)))
    const valueById = new Map(values.map((v) => [v.id, v]))
    return {
      singleUnits: units.list.filter((u) => !u.unitTypeId),
      unitGroups: groups.list,
      attrGroups,
      valuesOf: (typeId: number) => values.filter((v) => Number(v.typeId) === typeId),
      groupOf: (valueId: number) => {
        const v = valueById.get(valueId)
        return v ? Number(v.typeId) : undefined
      },
      valueName: (valueId: number) => valueById.get(valueId)?.name,
      warehouses: warehouses.list,
      loading: units.isLoading || groups.isLoading || types.isLoading || assists.isLoading || warehouses.isLoading,
    }
  }, [
    units.list,
    groups.list,
    types.list,
    assists.list,
    warehouses.list,
    units.isLoading,
    groups.isLoading,
    types.isLoading,
    assists.isLoading,
    warehouses.isLoading,
  ])
}

export type GoodsRefs = ReturnType<typeof useGoodsRefs>
