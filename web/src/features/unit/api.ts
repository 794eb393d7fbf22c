// Units (stand-alone) and unit groups.
import { useQuery } from '@tanstack/react-query'
import { masterApi, useMasterMutations } from '@/features/master/api'
import type { CacheName } from '@/features/cache/types'
import type { Unit, UnitGroupInput, UnitInput, UnitType } from './types'

export const unitApi = masterApi<Unit, UnitInput>('/unit')
export const unitTypeApi = masterApi<UnitType, UnitGroupInput>('/unitType')

/** One prefix for both: a group's change changes the unit list too. */
export const unitKeys = {
  all: ['unit'] as const,
  units: ['unit', 'units'] as const,
  groups: ['unit', 'groups'] as const,
}
export const unitCaches: CacheName[] = ['units', 'unitGroups']

export const useUnits = () => useQuery({ queryKey: unitKeys.units, queryFn: () => unitApi.all() })
export const useUnitGroups = () => useQuery({ queryKey: unitKeys.groups, queryFn: () => unitTypeApi.all() })

export const useUnitMutations = () => useMasterMutations(unitApi, unitKeys.all, unitCaches)
export const useUnitGroupMutations = () => useMasterMutations(unitTypeApi, unitKeys.all, unitCaches)
