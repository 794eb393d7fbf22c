// Units and unit groups (/api/unit, /api/unitType, docs/basic-data.md).
export interface Unit {
  id: number
  name: string
  /** 0 = stand-alone */
  unitTypeId: number
  unitTypeName: string
  /** how many base units one of it holds (1 for base and stand-alone units) */
  rate: number | string
  isBase: number
  disable: number
}

export interface UnitInput {
  name: string
}

/** A unit group with its units, base first, then by rate. */
export interface UnitType {
  id: number
  name: string
  units: Unit[]
}

export interface UnitGroupInput {
  name: string
  /** the first is the base unit (rate 1) */
  units: { id?: number; name: string; rate: string }[]
}
