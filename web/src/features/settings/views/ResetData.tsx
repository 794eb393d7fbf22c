// Reset data (settings/reset, ROOT only on the server): the caller's password
// confirms; the server backs up first, then clears documents, ledgers,
// balances, serials and openings, keeping master data, users, roles and
// settings.
import { useState } from 'react'
import { Alert, Button, Card, Form, Input, List, Modal } from 'antd'
import { WarningOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { Auth } from '@/components/Auth'
import { submitWithFieldErrors } from '@/features/profile/lib/submitWithFieldErrors'
import { useResetData } from '../api'
import type { ResetResult } from '../types'

export default function ResetData() {
  const { t } = useTranslation('settings')
  const reset = useResetData()
  const [form] = Form.useForm<{ password: string }>()
  const [result, setResult] = useState<ResetResult>()
  const submit = ({ password }: { password: string }) => {
    Modal.confirm({
      title: t('reset.confirmTitle'),
      content: t('reset.confirm'),
      okType: 'danger',
      okText: t('reset.run'),
      okButtonProps: { 'data-testid': 'reset-confirm-ok' } as never,
      onOk: async () => {
        await submitWithFieldErrors(form, async () => {
          setResult(await reset.mutateAsync(password ?? ''))
          form.resetFields()
        })
      },
    })
  }
  return (
    <Card data-view="settings/reset" data-testid="reset-view" title={t('reset.title')}>
      <Alert
        type="warning"
        showIcon
        icon={<WarningOutlined />}
        message={t('reset.warning')}
        description={t('reset.keeps')}
        style={{ marginBottom: 16 }}
      />
      <Auth perm="settings:reset:execute">
        <Form form={form} layout="inline" onFinish={submit} data-testid="reset-form">
          <Form.Item name="password" label={t('reset.password')}>
            <Input.Password autoComplete="current-password" style={{ width: 240 }} data-testid="reset-password" />
          </Form.Item>
          <Form.Item>
            <Button danger type="primary" htmlType="submit" data-testid="reset-run">
              {t('reset.run')}
            </Button>
          </Form.Item>
        </Form>
      </Auth>
      {result && (
        <div data-testid="reset-result" style={{ marginTop: 16 }}>
          <Alert type="success" showIcon message={t('reset.done', { backup: result.backup })} />
          <List
            size="small"
            // what was cleared in the user's words ("单据 3 张"); the detail rows (lines, balances …) go unsaid
            dataSource={result.cleared.filter((c) => c.rows > 0 && c.text)}
            renderItem={(c) => <List.Item data-testid={`reset-cleared-${c.name}`}>{c.text}</List.Item>}
          />
        </div>
      )}
    </Card>
  )
}
