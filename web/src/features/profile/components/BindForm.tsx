// Bind a mobile number or an e-mail address: send a one-time code (the button
// counts down 60 s), enter it, bind.
import { useState } from 'react'
import { Button, Form, Input, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { feedback } from '@/app/feedback'
import { useBind, useSendBindCode, type BindChannel } from '../api'
import { submitWithFieldErrors } from '../lib/submitWithFieldErrors'
import { useCountdown } from '../lib/useCountdown'

export const CODE_INTERVAL = 60

interface Values {
  target: string
  code: string
}

export function BindForm({ channel, current }: { channel: BindChannel; current?: string }) {
  const { t } = useTranslation('profile')
  const [form] = Form.useForm<Values>()
  const send = useSendBindCode()
  const bind = useBind()
  const countdown = useCountdown()
  const [saving, setSaving] = useState(false)
  const field = channel // the server's field name: mobile or email

  // The server names the field "mobile"/"email"; the form calls it target.
  const rename = (err: unknown) => {
    const e = err as { errors?: Record<string, string> }
    if (e?.errors?.[field] !== undefined) {
      e.errors = { ...e.errors, target: e.errors[field] }
      delete e.errors[field]
    }
    throw err
  }

  const sendCode = async () => {
    try {
      await form.validateFields(['target'])
    } catch {
      return
    }
    const target = String(form.getFieldValue('target') ?? '').trim()
    const ok = await submitWithFieldErrors(form, () => send.mutateAsync({ channel, target }).catch(rename))
    if (ok) {
      feedback.message.success(t('bind.codeSent'))
      countdown.start(CODE_INTERVAL)
    }
  }

  const submit = async (v: Values) => {
    setSaving(true)
    const input = { [field]: v.target.trim(), code: v.code.trim() }
    if (await submitWithFieldErrors(form, () => bind.mutateAsync({ channel, input }).catch(rename))) {
      feedback.message.success(t('bind.done'))
      form.resetFields()
    }
    setSaving(false)
  }

  const targetRules =
    channel === 'mobile'
      ? [{ pattern: /^1[3-9]\d{9}$/, message: t('bind.mobileInvalid') }]
      : [{ type: 'email' as const, message: t('bind.emailInvalid') }]

  return (
    <Form<Values> form={form} layout="vertical" style={{ maxWidth: 480 }} onFinish={submit} data-testid={`bind-${channel}`}>
      <Form.Item
        name="target"
        label={t(channel === 'mobile' ? 'bind.newMobile' : 'bind.newEmail')}
        extra={current ? t('bind.current', { value: current }) : t('bind.none')}
        rules={[
          { required: true, whitespace: true, message: t(channel === 'mobile' ? 'bind.mobileRequired' : 'bind.emailRequired') },
          ...targetRules,
        ]}
      >
        <Input allowClear data-testid={`bind-${channel}-target`} />
      </Form.Item>
      <Form.Item label={t('bind.code')} required>
        <Space.Compact block>
          <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('bind.codeRequired') }]}>
            <Input maxLength={10} data-testid={`bind-${channel}-code`} />
          </Form.Item>
          <Button onClick={sendCode} disabled={countdown.running} loading={send.isPending} data-testid={`bind-${channel}-send`}>
            {countdown.running ? t('bind.resendIn', { seconds: countdown.left }) : t('bind.sendCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving} data-testid={`bind-${channel}-submit`}>
        {t('bind.submit')}
      </Button>
    </Form>
  )
}
