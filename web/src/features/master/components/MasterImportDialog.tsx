// Import master data from Excel: download the template (headers in the
// user's language), pick a .xlsx file, check it (dry run: per-row errors,
// nothing written), then import it. A file with any bad row writes nothing.
import { useState } from 'react'
import { Alert, Button, Modal, Space, Table, Upload, type UploadFile } from 'antd'
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { feedback } from '@/app/feedback'
import type { UseMutationResult } from '@tanstack/react-query'
import type { MasterApi } from '../api'
import type { ImportResult } from '../types'

type ImportMutation = UseMutationResult<ImportResult, Error, { file: File; dryRun: boolean; params?: Record<string, unknown> }>

export interface MasterImportDialogProps {
  open: boolean
  onClose: () => void
  /** downloads the template */
  template: MasterApi<unknown, unknown>['template']
  mutation: ImportMutation
  /** what is imported, for the title and the template's file name */
  title: string
  params?: Record<string, unknown>
}

export function ImportErrors({ result }: { result: ImportResult }) {
  const { t } = useTranslation('basicData')
  return (
    <Table
      size="small"
      rowKey={(_, i) => String(i)}
      dataSource={result.errors ?? []}
      pagination={(result.errors?.length ?? 0) > 10 ? { pageSize: 10, size: 'small' } : false}
      data-testid="import-errors"
      columns={[
        { title: t('import.row'), dataIndex: 'row', width: 72, align: 'center' },
        { title: t('import.column'), dataIndex: 'column', width: 140 },
        { title: t('import.message'), dataIndex: 'message' },
      ]}
    />
  )
}

export function MasterImportDialog({ open, onClose, template, mutation, title, params }: MasterImportDialogProps) {
  const { t } = useTranslation('basicData')
  const [files, setFiles] = useState<UploadFile[]>([])
  const [result, setResult] = useState<ImportResult | null>(null)
  const file = files[0]?.originFileObj as File | undefined
  const checked = !!result && result.dryRun && result.invalidCount === 0

  const close = () => {
    setFiles([])
    setResult(null)
    mutation.reset()
    onClose()
  }

  const run = async (dryRun: boolean) => {
    if (!file) {
      feedback.message.warning(t('import.pickFile'))
      return
    }
    try {
      const r = await mutation.mutateAsync({ file, dryRun, params })
      setResult({ ...r, dryRun })
      if (!dryRun && r.invalidCount === 0) {
        feedback.message.success(t('import.done', { count: r.importedCount }))
        close()
      }
    } catch {
      /* the HTTP client showed the server's message */
    }
  }

  return (
    <Modal
      open={open}
      title={t('import.title', { what: title })}
      onCancel={close}
      width={680}
      destroyOnHidden
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={close}>{t('list:cancel')}</Button>
          <Button loading={mutation.isPending && mutation.variables?.dryRun} onClick={() => run(true)} data-testid="import-check">
            {t('import.check')}
          </Button>
          <Button
            type="primary"
            disabled={!checked}
            loading={mutation.isPending && !mutation.variables?.dryRun}
            onClick={() => run(false)}
            data-testid="import-ok"
          >
            {t('import.run')}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Button
          type="link"
          size="small"
          icon={<DownloadOutlined />}
          style={{ paddingInline: 0 }}
          onClick={() => void template(`${t('import.templateName', { what: title })}.xlsx`, params).catch(() => undefined)}
          data-testid="import-template"
        >
          {t('import.template')}
        </Button>
        <Upload.Dragger
          accept=".xlsx"
          maxCount={1}
          fileList={files}
          beforeUpload={() => false}
          onChange={({ fileList }) => {
            setFiles(fileList.slice(-1))
            setResult(null)
          }}
          data-testid="import-file"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{t('import.drop')}</p>
        </Upload.Dragger>
        {result && result.invalidCount === 0 && result.dryRun && (
          <Alert type="success" showIcon title={t('import.valid', { count: result.validCount })} data-testid="import-valid" />
        )}
        {result && result.invalidCount > 0 && (
          <>
            <Alert
              type="error"
              showIcon
              title={t('import.invalid', { invalid: result.invalidCount, valid: result.validCount })}
              data-testid="import-report"
            />
            <ImportErrors result={result} />
          </>
        )}
      </Space>
    </Modal>
  )
}
