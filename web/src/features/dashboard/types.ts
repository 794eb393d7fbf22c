/** GET /logs/visit-stats: today's and all-time page views and visitors. */
export interface VisitStats {
  todayPvCount: number
  totalPvCount: number
  /** growth of today over yesterday, a decimal string ("0.25" = +25 %) */
  pvGrowthRate: string
  todayUvCount: number
  totalUvCount: number
  uvGrowthRate: string
}

/** GET /logs/visit-trend: per day page views, visitors and addresses. */
export interface VisitTrend {
  dates: string[]
  pvList: number[]
  uvList: number[]
  ipList: number[]
}
