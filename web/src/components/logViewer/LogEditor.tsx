// The CodeMirror 6 view behind <LogViewer>: read-only, line numbers, indent
// unit 2, folding, the fclog/log modes. Loaded lazily (CodeMirror stays out
// of every bundle but the one of the screens that show a log).
import { useEffect, useRef, type CSSProperties } from 'react'
import { theme } from 'antd'
import { EditorState } from '@codemirror/state'
import { EditorView, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view'
import { codeFolding, foldGutter, foldKeymap, indentUnit, syntaxHighlighting } from '@codemirror/language'
import { useDarkMode } from '@/app/useDarkMode'
import { baseLogExtensions, linkHandler, logHighlight, logTheme, modeCompartment, modeExtension, themeCompartment } from './extensions'
import type { LogLink, LogMode } from './parse'

export interface LogEditorProps {
  value: string
  mode: LogMode
  onLink: (link: LogLink) => void
  /** keep the end of the text in view when it changes (a log that grows) */
  followTail?: boolean
  height: number | string
  testId?: string
}

export default function LogEditor({ value, mode, onLink, followTail, height, testId }: LogEditorProps) {
  const { token } = theme.useToken()
  const dark = useDarkMode()
  const host = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | null>(null)
  const linkRef = useRef(onLink)
  linkRef.current = onLink

  useEffect(() => {
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          codeFolding(),
          foldGutter(),
          keymap.of(foldKeymap),
          indentUnit.of('  '),
          EditorState.tabSize.of(2),
          EditorState.readOnly.of(true),
          EditorView.lineWrapping,
          syntaxHighlighting(logHighlight),
          linkHandler.of((l) => linkRef.current(l)),
          baseLogExtensions,
          modeCompartment.of(modeExtension(mode)),
          themeCompartment.of(logTheme(dark)),
        ],
      }),
    })
    view.current = v
    if (followTail) v.dispatch({ effects: EditorView.scrollIntoView(v.state.doc.length, { y: 'end' }) })
    return () => {
      v.destroy()
      view.current = null
    }
    // The view is made once; the effects below follow the props.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    const v = view.current
    if (!v || v.state.doc.toString() === value) return
    v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } })
    if (followTail) v.dispatch({ effects: EditorView.scrollIntoView(v.state.doc.length, { y: 'end' }) })
  }, [value, followTail])

  useEffect(() => {
    view.current?.dispatch({ effects: modeCompartment.reconfigure(modeExtension(mode)) })
  }, [mode])

  useEffect(() => {
    view.current?.dispatch({ effects: themeCompartment.reconfigure(logTheme(dark)) })
  }, [dark])

  // antd tokens as the CSS variables the theme reads.
  const vars = {
    '--cs-log-bg': token.colorBgContainer,
    '--cs-log-text': token.colorText,
    '--cs-log-muted': token.colorTextTertiary,
    '--cs-log-gutter-bg': token.colorFillQuaternary,
    '--cs-log-border': token.colorBorderSecondary,
    '--cs-log-selection': token.controlItemBgActive,
    '--cs-log-font': token.fontFamilyCode,
    '--cs-log-font-size': `${token.fontSizeSM + 1}px`,
    '--cs-log-error': token.colorError,
    '--cs-log-error-bg': token.colorErrorBg,
    '--cs-log-warning': token.colorWarning,
    '--cs-log-warning-bg': token.colorWarningBg,
    '--cs-log-info': token.colorTextSecondary,
    '--cs-log-success': token.colorSuccess,
    '--cs-log-link': token.colorLink,
  } as CSSProperties
  return (
    <div
      ref={host}
      data-testid={testId}
      data-mode={mode}
      style={{
        ...vars,
        height,
        border: `1px solid ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        overflow: 'hidden',
      }}
    />
  )
}
