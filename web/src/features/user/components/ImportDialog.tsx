// Import users from Excel: download the template, pick the department and a
// .xlsx file, upload. Invalid rows come back as a per-row report and nothing
// is imported; otherwise the list reloads.
import { useState } from 'react'
import { Button, Form, Modal, TreeSelect, Upload } from 'antd'
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons'
import type { UploadFile } from 'antd'
import { useTranslation } from 'react-i18next'
import { feedback } from '@/app/feedback'
import { useDeptOptions } from '@/features/dept/api'
import { downloadTemplate, useImportUsers } from '../api'
import type { ImportResult } from '../types'
import { ImportReport } from './ImportReport'

export function ImportDialog({ open, deptId, onClose }: { open: boolean; deptId?: number; onClose: () => void }) {
  const { t } = useTranslation('access')
  const depts = useDeptOptions()
  const run = useImportUsers()
  const [files, setFiles] = useState<UploadFile[]>([])
  const [dept, setDept] = useState<number | undefined>(deptId)
  const [result, setResult] = useState<ImportResult | null>(null)

  const close = () => {
    setFiles([])
    setResult(null)
    run.reset()
    onClose()
  }

  const submit = async () => {
    const file = files[0]?.originFileObj
    if (!file) {
      feedback.message.warning(t('user.import.pickFile'))
      return
    }
    try {
      const r = await run.mutateAsync({ file, deptId: dept })
      setResult(r)
      if (r.invalidCount === 0) {
        feedback.message.success(t('user.import.done', { count: r.importedCount }))
        close()
      }
    } catch {
      /* the HTTP client showed the server's message */
    }
  }

  return (
    <Modal
      open={open}
      title={t('user.import.title')}
      onCancel={close}
      onOk={submit}
      okText={t('user.import.upload')}
      cancelText={t('list:cancel')}
      confirmLoading={run.isPending}
      okButtonProps={{ 'data-testid': 'import-ok' }}
      width={640}
      destroyOnHidden
      afterOpenChange={(o) => o && setDept(deptId)}
    >
      <Form layout="vertical">
        <Form.Item label={t('user.dept')}>
          <TreeSelect
            allowClear
            value={dept}
            onChange={setDept}
            treeData={depts.data ?? []}
            treeDefaultExpandAll
            placeholder={t('user.import.deptHint')}
          />
        </Form.Item>
        <Form.Item
          label={t('user.import.file')}
          extra={
            <Button
              type="link"
              size="small"
              icon={<DownloadOutlined />}
              style={{ paddingInline: 0 }}
              onClick={() => void downloadTemplate(`${t('user.import.templateName')}.xlsx`).catch(() => undefined)}
              data-testid="import-template"
            >
              {t('user.import.template')}
            </Button>
          }
        >
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
            <p>{t('user.import.drop')}</p>
          </Upload.Dragger>
        </Form.Item>
      </Form>
      {result && <ImportReport result={result} />}
    </Modal>
  )
}
