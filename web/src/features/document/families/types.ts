// What a family of document kinds brings to the one entry page
// (DocEntry.tsx keeps the life cycle: load, draft, save, audit, un-audit,
// delete, new, copy, print): its header, its footer and its line columns.
import type { ComponentType } from 'react'
import type { ColumnKey, GridSettings } from '@/components/DocGrid'
import type { HeaderFigures } from '@/components/DocGrid/lib/arithmetic'
import type { DocKind } from '../kinds'
import type { DocHeader, DocState } from '../types'

/** What the header and footer of a family get from the entry page. */
export interface FamilyPartProps {
  kind: DocKind
  state: DocState
  readOnly: boolean
  settings: GridSettings
  figures: HeaderFigures
  /** a header edit (the page becomes dirty) */
  setHeader: (patch: Partial<DocHeader>) => void
  /** any edit of the state */
  edit: (f: (s: DocState) => DocState) => void
  /** a change that is no edit (the server's figures refreshed): the page stays as dirty as it was */
  adjust: (f: (s: DocState) => DocState) => void
  /** the form item props of a header field with an error */
  fieldErr: (name: string) => { validateStatus?: 'error'; help?: string }
  /** the contact changed (proposed prices follow it) */
  onContact: (buId: number | undefined) => void
  /** where the user's last warehouse is remembered */
  lastLocKey: string
}

/** The line grid's columns for a kind. */
export interface GridShape {
  hide?: ColumnKey[]
  show?: ColumnKey[]
  titles?: Partial<Record<ColumnKey, string>>
}

export interface Family {
  Header: ComponentType<FamilyPartProps>
  Footer: ComponentType<FamilyPartProps>
  grid: (k: DocKind) => GridShape
  /** grid settings of the family (inventory: no tax; value-only lines) */
  settings: (k: DocKind, s: GridSettings) => GridSettings
  /** the page's own checks before saving: field → message */
  check: (k: DocKind, st: DocState, t: (key: string, o?: Record<string, unknown>) => string) => Record<string, string>
  /** a body in place of the goods grid (money documents) */
  Body?: ComponentType<FamilyPartProps>
  /** the server's field errors as the family's cells name them */
  serverErrors?: (k: DocKind, st: DocState, errors: Record<string, string> | null | undefined) => Record<string, string>
}
