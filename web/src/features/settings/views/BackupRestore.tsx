// Backup and restore (settings/backup, ROOT only on the server): back up now,
// upload, download, restore (the current state is backed up first), delete,
// and the scheduled daily backups with how many are kept.
import { useState } from 'react'
import { Alert, Button, Card, Form, InputNumber, Popconfirm, Space, Switch, Table, Upload } from 'antd'
import { CloudDownloadOutlined, CloudUploadOutlined, DeleteOutlined, HistoryOutlined, SaveOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { ApiError } from '@/api/http'
import { feedback } from '@/app/feedback'
import { Auth } from '@/components/Auth'
import { submitWithFieldErrors } from '@/features/profile/lib/submitWithFieldErrors'
import { formatDateTime } from '@/utils/date'
import {
  downloadBackup,
  useAddBackup,
  useBackupSettings,
  useBackups,
  useDeleteBackup,
  useRestoreBackup,
  useSaveBackupSettings,
  useUploadBackup,
} from '../api'
import type { BackupFile, BackupSettings } from '../types'

/** A size in bytes for people (KB/MB), exact integers only. */
export function humanSize(n: number): string {
  if (n >= 1 << 20) return `${(Math.round((n * 10) / (1 << 20)) / 10).toString()} MB`
  if (n >= 1 << 10) return `${Math.round(n / (1 << 10)).toString()} KB`
  return `${n} B`
}

export default function BackupRestore() {
  const { t } = useTranslation('settings')
  const { data, isLoading } = useBackups()
  const add = useAddBackup()
  const del = useDeleteBackup()
  const restore = useRestoreBackup()
  const upload = useUploadBackup()
  const [busy, setBusy] = useState('')
  const run = async (what: string, fn: () => Promise<unknown>, ok: string) => {
    setBusy(what)
    try {
      await fn()
      feedback.message.success(ok)
    } catch {
      /* the client showed the server's message */
    } finally {
      setBusy('')
    }
  }
  // A backup of another installation is refused until confirmed: the
  // server's reason is shown and the restore runs again with confirm.
  const restoreChecked = async (name: string) => {
    try {
      return await restore.mutateAsync({ name })
    } catch (e) {
      if (!(e instanceof ApiError) || !e.errors?.confirm) {
        if (e instanceof Error) feedback.message.error(e.message)
        throw e
      }
      const ok = await new Promise<boolean>((resolve) => {
        feedback.modal.confirm({
          title: t('backup.otherTitle'),
          content: e.errors?.confirm,
          okText: t('backup.otherOk'),
          okButtonProps: { danger: true, 'data-testid': 'backup-restore-other-ok' } as never,
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        })
      })
      if (!ok) throw e
      return restore.mutateAsync({ name, confirm: true })
    }
  }
  return (
    <Card data-view="settings/backup" data-testid="backup-view" title={t('backup.title')}>
      <Alert type="info" showIcon message={t('backup.hint')} style={{ marginBottom: 16 }} />
      <Space style={{ marginBottom: 16 }} wrap>
        <Auth perm="settings:backup:add">
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={busy === 'add'}
            data-testid="backup-add"
            onClick={() => run('add', () => add.mutateAsync(), t('backup.made'))}
          >
            {t('backup.add')}
          </Button>
          <Upload
            accept=".zip"
            showUploadList={false}
            customRequest={({ file }) => void run('upload', () => upload.mutateAsync(file as File), t('backup.uploaded'))}
          >
            <Button icon={<CloudUploadOutlined />} loading={busy === 'upload'} data-testid="backup-upload">
              {t('backup.upload')}
            </Button>
          </Upload>
        </Auth>
      </Space>
      <Table<BackupFile>
        data-testid="backup-table"
        rowKey="name"
        size="small"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        columns={[
          { title: t('backup.name'), dataIndex: 'name' },
          { title: t('backup.size'), dataIndex: 'size', render: (v: number) => humanSize(v) },
          { title: t('backup.time'), dataIndex: 'createTime', render: (v: string) => formatDateTime(v) },
          {
            title: t('actions'),
            key: 'actions',
            render: (_, r) => (
              <Space>
                <Auth perm="settings:backup:download">
                  <Button size="small" icon={<CloudDownloadOutlined />} onClick={() => void downloadBackup(r.name).catch(() => undefined)}>
                    {t('backup.download')}
                  </Button>
                </Auth>
                <Auth perm="settings:backup:restore">
                  <Popconfirm
                    title={t('backup.restoreConfirm', { name: r.name })}
                    okButtonProps={{ 'data-testid': 'backup-restore-ok' } as never}
                    onConfirm={() => run('restore', () => restoreChecked(r.name), t('backup.restored', { name: r.name }))}
                  >
                    <Button size="small" icon={<HistoryOutlined />} loading={busy === 'restore'} data-testid={`backup-restore-${r.name}`}>
                      {t('backup.restore')}
                    </Button>
                  </Popconfirm>
                </Auth>
                <Auth perm="settings:backup:delete">
                  <Popconfirm
                    title={t('backup.deleteConfirm', { name: r.name })}
                    onConfirm={() => run('delete', () => del.mutateAsync(r.name), t('backup.deleted'))}
                  >
                    <Button size="small" danger icon={<DeleteOutlined />} data-testid={`backup-delete-${r.name}`}>
                      {t('delete')}
                    </Button>
                  </Popconfirm>
                </Auth>
              </Space>
            ),
          },
        ]}
      />
      <Auth perm="settings:backup:add">
        <ScheduleForm />
      </Auth>
    </Card>
  )
}

function ScheduleForm() {
  const { t } = useTranslation('settings')
  const { data } = useBackupSettings()
  const save = useSaveBackupSettings()
  const [form] = Form.useForm<BackupSettings>()
  if (!data) return null
  return (
    <Card type="inner" title={t('backup.schedule')} style={{ marginTop: 16 }}>
      <Form<BackupSettings>
        form={form}
        layout="inline"
        initialValues={data}
        data-testid="backup-schedule"
        onFinish={async (v) => {
          if (await submitWithFieldErrors(form, () => save.mutateAsync(v))) feedback.message.success(t('saved'))
        }}
      >
        <Form.Item name="daily" label={t('backup.daily')} valuePropName="checked">
          <Switch data-testid="backup-daily" />
        </Form.Item>
        <Form.Item name="hour" label={t('backup.hour')}>
          <InputNumber min={0} max={23} precision={0} data-testid="backup-hour" />
        </Form.Item>
        <Form.Item name="keep" label={t('backup.keep')}>
          <InputNumber min={1} max={365} precision={0} data-testid="backup-keep" />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit" data-testid="backup-schedule-save">
            {t('save')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  )
}
