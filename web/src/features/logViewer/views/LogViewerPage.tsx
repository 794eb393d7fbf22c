// The log viewer screen (system/logViewer): the operation log as log text
// (the latest entries; the server has no log file API yet), or a pasted
// text or local file, shown in the shared <LogViewer> with a mode switch.
import { useRef, useState, type ChangeEvent } from 'react'
import { Button, Card, Empty, Flex, Input, Modal, Segmented, Spin, theme, Typography, type ButtonProps } from 'antd'
import { DownloadOutlined, FolderOpenOutlined, ReloadOutlined, SnippetsOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { feedback } from '@/app/feedback'
import { LOG_MODES, LogViewer, type LogMode } from '@/components/LogViewer'
import { useSession } from '@/stores/session'
import { can } from '@/stores/permission'
import { saveBlob } from '@/api/download'
import { useOpLogText } from '../api'
import type { LogSource } from '../types'

/** Local files larger than this are refused (the browser would stall). */
const MAX_FILE_MB = 10

interface LocalText {
  name: string
  text: string
}

function PasteDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (text: string) => void }) {
  const { t } = useTranslation('logViewer')
  const { token } = theme.useToken()
  const [text, setText] = useState('')
  return (
    <Modal
      open={open}
      title={t('pasteTitle')}
      width={760}
      onCancel={onClose}
      onOk={() => {
        onDone(text)
        setText('')
      }}
      okButtonProps={{ disabled: text.trim() === '', 'data-testid': 'log-paste-ok' } as ButtonProps}
      okText={t('show')}
      destroyOnHidden
    >
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={14}
        placeholder={t('pastePlaceholder')}
        data-testid="log-paste-input"
        style={{ fontFamily: token.fontFamilyCode }}
      />
    </Modal>
  )
}

export default function LogViewerPage() {
  const { t } = useTranslation('logViewer')
  const mayReadOplog = useSession((s) => can('sys:log:query', s.user))
  const [source, setSource] = useState<LogSource>(mayReadOplog ? 'oplog' : 'local')
  const [mode, setMode] = useState<LogMode>('fclog')
  const [local, setLocal] = useState<LocalText | null>(null)
  const [pasting, setPasting] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)
  const oplog = useOpLogText(mayReadOplog && source === 'oplog')

  const showLocal = (l: LocalText) => {
    setLocal(l)
    setSource('local')
  }

  const openFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    e.target.value = '' // the same file may be opened again
    if (!file) return
    if (file.size > MAX_FILE_MB * 1024 * 1024) {
      feedback.message.error(t('tooLarge', { max: MAX_FILE_MB }))
      return
    }
    showLocal({ name: file.name, text: await file.text() })
  }

  const text = source === 'oplog' ? (oplog.data?.text ?? '') : (local?.text ?? '')
  const save = () => {
    const name = source === 'local' && local ? local.name : 'operation-log.log'
    saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), /\.\w+$/.test(name) ? name : `${name}.log`)
  }

  let hint = ''
  if (source === 'oplog' && oplog.data) hint = t('oplogHint', { count: oplog.data.count, total: oplog.data.total })
  if (source === 'local' && local) hint = t('localHint', { name: local.name, lines: local.text.split('\n').length })

  let body
  if (source === 'oplog' && oplog.isLoading) {
    body = (
      <Flex align="center" justify="center" style={{ height: 360 }}>
        <Spin />
      </Flex>
    )
  } else if (text === '') {
    body = <Empty description={source === 'oplog' ? t('emptyOplog') : t('emptyLocal')} style={{ padding: 48 }} />
  } else {
    body = (
      <LogViewer
        value={text}
        mode={mode}
        followTail={source === 'oplog'}
        height="max(360px, calc(100vh - 330px))"
        data-testid="log-viewer"
      />
    )
  }

  return (
    <Card
      data-view="system/logViewer"
      data-testid="log-viewer-page"
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12 } }}
    >
      <Flex wrap gap={8} justify="space-between" align="center">
        <Segmented<LogSource>
          value={source}
          onChange={setSource}
          options={[
            { value: 'oplog', label: <span data-testid="log-source-oplog">{t('source.oplog')}</span>, disabled: !mayReadOplog },
            {
              value: 'local',
              label: <span data-testid="log-source-local">{local ? local.name : t('source.local')}</span>,
              disabled: !local,
            },
          ]}
        />
        <Flex wrap gap={8} align="center">
          <Typography.Text type="secondary">{t('mode.label')}</Typography.Text>
          <Segmented<LogMode>
            value={mode}
            onChange={setMode}
            options={LOG_MODES.map((m) => ({ value: m, label: <span data-testid={`log-mode-${m}`}>{t(`mode.${m}`)}</span> }))}
          />
          <Button icon={<ReloadOutlined />} disabled={source !== 'oplog'} onClick={() => void oplog.refetch()} data-testid="log-refresh">
            {t('refresh')}
          </Button>
          <Button icon={<SnippetsOutlined />} onClick={() => setPasting(true)} data-testid="log-paste">
            {t('paste')}
          </Button>
          <Button icon={<FolderOpenOutlined />} onClick={() => fileInput.current?.click()} data-testid="log-open-file">
            {t('openFile')}
          </Button>
          <Button icon={<DownloadOutlined />} disabled={text === ''} onClick={save} data-testid="log-save">
            {t('save')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".log,.txt,.json,.out,text/*"
            hidden
            onChange={(e) => void openFile(e)}
            data-testid="log-file-input"
          />
        </Flex>
      </Flex>
      <Typography.Text type="secondary" data-testid="log-hint">
        {hint && `${hint} · `}
        {t(`modeHint.${mode}`)}
      </Typography.Text>
      {body}
      <PasteDialog
        open={pasting}
        onClose={() => setPasting(false)}
        onDone={(v) => {
          setPasting(false)
          showLocal({ name: t('pasted'), text: v })
        }}
      />
    </Card>
  )
}
