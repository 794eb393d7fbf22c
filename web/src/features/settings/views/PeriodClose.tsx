// Period close (settings/period): close the books through a date (nothing
// dated on or before it may be saved, audited, un-audited or deleted) and
// reopen the last closed period, each after a confirmation saying what it does.
import { useState } from 'react'
import { Alert, Button, Card, DatePicker, Descriptions, Form, Popconfirm, Space, Table, Typography } from 'antd'
import dayjs from 'dayjs'
import { LockOutlined, UnlockOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { feedback } from '@/app/feedback'
import { Auth } from '@/components/Auth'
import { submitWithFieldErrors } from '@/features/profile/lib/submitWithFieldErrors'
import { formatDateTime } from '@/utils/date'
import { useClosePeriod, usePeriods, useReopenPeriod } from '../api'

export default function PeriodClose() {
  const { t } = useTranslation('settings')
  const { data, isLoading } = usePeriods()
  const close = useClosePeriod()
  const reopen = useReopenPeriod()
  const [form] = Form.useForm<{ date: string }>()
  const [busy, setBusy] = useState(false)
  const submit = async ({ date }: { date: string }) => {
    setBusy(true)
    if (await submitWithFieldErrors(form, () => close.mutateAsync((date ?? '').trim()))) {
      feedback.message.success(t('period.closed'))
      form.resetFields()
    }
    setBusy(false)
  }
  const current = data?.closeDate ?? ''
  const picked = Form.useWatch('date', form) ?? ''
  const previous = data?.closes?.[1]?.closeDate ?? ''
  return (
    <Card data-view="settings/period" data-testid="period-view" title={t('period.title')} loading={isLoading}>
      <Alert type="info" showIcon message={t('period.hint')} style={{ marginBottom: 16 }} />
      <Descriptions column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('period.current')}>
          <Typography.Text strong data-testid="period-current">
            {current || t('period.none')}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Space align="start" wrap>
        <Auth perm="settings:period:close">
          {/* no onFinish: Enter in the date box must not close the books without the confirmation */}
          <Form form={form} layout="inline" data-testid="period-form">
            <Form.Item
              name="date"
              label={t('period.closeThrough')}
              // the app's date picker, the form holding the date as the server takes it (YYYY-MM-DD)
              getValueProps={(v?: string) => ({ value: v ? dayjs(v) : null })}
              normalize={(d: dayjs.Dayjs | null) => (d ? d.format('YYYY-MM-DD') : '')}
            >
              <DatePicker style={{ width: 180 }} placeholder={t('period.pickDate')} data-testid="period-date" />
            </Form.Item>
            <Form.Item>
              <Popconfirm
                title={t('period.closeConfirm', { date: picked })}
                disabled={!picked}
                onConfirm={() => submit(form.getFieldsValue())}
                okButtonProps={{ 'data-testid': 'period-close-ok' } as never}
              >
                <Button type="primary" icon={<LockOutlined />} loading={busy} disabled={!picked} data-testid="period-close">
                  {t('period.close')}
                </Button>
              </Popconfirm>
            </Form.Item>
          </Form>
        </Auth>
        <Auth perm="settings:period:open">
          <Popconfirm
            title={previous ? t('period.reopenConfirm', { date: current, previous }) : t('period.reopenConfirmAll', { date: current })}
            disabled={!current}
            onConfirm={() => reopen.mutateAsync().then(() => feedback.message.success(t('period.reopened')))}
            okButtonProps={{ 'data-testid': 'period-reopen-ok' } as never}
          >
            <Button icon={<UnlockOutlined />} disabled={!current} data-testid="period-reopen">
              {t('period.reopen')}
            </Button>
          </Popconfirm>
        </Auth>
      </Space>
      <Table
        style={{ marginTop: 16 }}
        data-testid="period-table"
        rowKey="closeDate"
        size="small"
        pagination={false}
        dataSource={data?.closes ?? []}
        columns={[
          { title: t('period.closeDate'), dataIndex: 'closeDate' },
          { title: t('period.by'), dataIndex: 'userName' },
          { title: t('period.at'), dataIndex: 'createTime', render: (v: string) => formatDateTime(v) },
        ]}
      />
    </Card>
  )
}
