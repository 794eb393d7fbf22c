// The log viewer (shared): CodeMirror 6, read-only, with line numbers,
// indent unit 2, folding and the highlight modes `fclog` and `log` (see
// logViewer/parse.ts for the formats). CodeMirror loads lazily with the
// first viewer shown.
//
//   <LogViewer value={text} mode="fclog" height={480} />
import { lazy, Suspense } from 'react'
import { Flex, Spin } from 'antd'
import { openLogLink } from './logViewer/openLink'
import type { LogLink, LogMode } from './logViewer/parse'

export type { LogLink, LogMode } from './logViewer/parse'
export { LOG_MODES } from './logViewer/parse'

const LogEditor = lazy(() => import('./logViewer/LogEditor'))

export interface LogViewerProps {
  /** the log text */
  value: string
  /** highlight mode; default fclog */
  mode?: LogMode
  /** what clicking a logDownload link does; default: download an API file or open the address */
  onLink?: (link: LogLink) => void
  /** keep the end of the text in view when it changes */
  followTail?: boolean
  height?: number | string
  'data-testid'?: string
}

export function LogViewer({ value, mode = 'fclog', onLink, followTail, height = 480, ...rest }: LogViewerProps) {
  const handle = onLink ?? ((l: LogLink) => void openLogLink(l).catch(() => undefined))
  return (
    <Suspense
      fallback={
        <Flex align="center" justify="center" style={{ height }}>
          <Spin />
        </Flex>
      }
    >
      <LogEditor value={value} mode={mode} onLink={handle} followTail={followTail} height={height} testId={rest['data-testid']} />
    </Suspense>
  )
}

export default LogViewer
