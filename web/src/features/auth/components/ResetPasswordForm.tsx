// The forgotten password: a code sent to the e-mail address bound to the
// account (the button counts down 60 s), the code, the new password twice.
import { useState } from 'react'
import { Button, Flex, Form, Input, Space, theme, Typography } from 'antd'
import { LockOutlined, MailOutlined, SafetyOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { feedback } from '@/app/feedback'
import { submitWithFieldErrors } from '@/features/profile/lib/submitWithFieldErrors'
import { useCountdown } from '@/features/profile/lib/useCountdown'
import { resetPassword, sendResetCode } from '../publicApi'

/** Seconds between two codes (the server's limit per address). */
export const RESET_CODE_INTERVAL = 60

interface Values {
  email: string
  code: string
  password: string
  confirmPassword: string
}

export default function ResetPasswordForm({ onDone, onBack }: { onDone: () => void; onBack: () => void }) {
  const { t } = useTranslation('login')
  const { token } = theme.useToken()
  const [form] = Form.useForm<Values>()
  const countdown = useCountdown()
  const [sending, setSending] = useState(false)
  const [busy, setBusy] = useState(false)

  const sendCode = async () => {
    try {
      await form.validateFields(['email'])
    } catch {
      return
    }
    setSending(true)
    const ok = await submitWithFieldErrors(form, () => sendResetCode(String(form.getFieldValue('email')).trim()))
    setSending(false)
    if (ok) {
      feedback.message.success(t('reset.codeSent'))
      countdown.start(RESET_CODE_INTERVAL)
    }
  }

  const submit = async (v: Values) => {
    setBusy(true)
    const ok = await submitWithFieldErrors(form, () =>
      resetPassword({ email: v.email.trim(), code: v.code.trim(), password: v.password, confirmPassword: v.confirmPassword }),
    )
    setBusy(false)
    if (ok) {
      feedback.message.success(t('reset.done'))
      form.resetFields()
      onDone()
    }
  }

  return (
    <>
      <h2 style={{ textAlign: 'center', marginTop: 0, fontSize: token.fontSizeHeading4, color: token.colorText }}>{t('reset.title')}</h2>
      <Typography.Paragraph type="secondary">{t('reset.hint')}</Typography.Paragraph>
      <Form<Values> form={form} size="large" onFinish={submit} autoComplete="off" data-testid="reset-form">
        <Form.Item
          name="email"
          rules={[
            { required: true, whitespace: true, message: t('reset.emailRequired') },
            { type: 'email', message: t('reset.emailInvalid') },
          ]}
        >
          <Input prefix={<MailOutlined />} placeholder={t('reset.email')} autoComplete="email" data-testid="reset-email" />
        </Form.Item>
        <Form.Item>
          <Space.Compact block>
            <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('reset.codeRequired') }]}>
              <Input prefix={<SafetyOutlined />} placeholder={t('reset.code')} maxLength={10} data-testid="reset-code" />
            </Form.Item>
            <Button onClick={sendCode} disabled={countdown.running} loading={sending} data-testid="reset-send-code">
              {countdown.running ? t('reset.resendIn', { seconds: countdown.left }) : t('reset.sendCode')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item
          name="password"
          rules={[
            { required: true, message: t('passwordRequired') },
            { min: 8, message: t('passwordRule') },
            { max: 64, message: t('passwordMax') },
          ]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('changePassword.newPassword')}
            autoComplete="new-password"
            data-testid="reset-password"
          />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          dependencies={['password']}
          rules={[
            { required: true, message: t('confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_, v) =>
                !v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('changePassword.confirmMismatch'))),
            }),
          ]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('changePassword.confirmPassword')}
            autoComplete="new-password"
            data-testid="reset-confirm"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="reset-submit">
          {t('reset.submit')}
        </Button>
        <Flex justify="center" style={{ marginTop: token.margin }}>
          <Typography.Link onClick={onBack} data-testid="reset-back">
            {t('backToLogin')}
          </Typography.Link>
        </Flex>
      </Form>
    </>
  )
}
