// The shared document line grid. Entry pages load it lazily (LazyDocGrid)
// or import DocGrid inside their own lazy chunk.
import { lazy } from 'react'

export type { DocLine, GridSettings, ColumnKey, GridColumn } from './types'
export { emptyLine, isEmptyLine, linesForSave, recompute } from './lib/lines'
export { lineFigures, headerFigures, discountShares } from './lib/arithmetic'
export { mapGridErrors, headerErrors } from './lib/errors'
export { gridColumns } from './lib/columns'

/** The grid as a lazy chunk (with the antd pieces it needs). */
export const LazyDocGrid = lazy(() => import('./DocGrid'))
