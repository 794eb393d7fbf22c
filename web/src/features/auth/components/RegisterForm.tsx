// Registration on the sign-in page (shown when the server allows it):
// username, nickname, password and its confirmation, the captcha when it is
// on, and the user agreement when the server asks for it.
import { useState } from 'react'
import { Button, Checkbox, Flex, Form, Input, Modal, theme, Typography } from 'antd'
import { LockOutlined, SafetyOutlined, SmileOutlined, UserOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { feedback } from '@/app/feedback'
import { submitWithFieldErrors } from '@/features/profile/lib/submitWithFieldErrors'
import { getCaptcha } from '../api'
import { publicKeys, register, type AuthConfig } from '../publicApi'

interface Values {
  username: string
  nickname?: string
  password: string
  confirmPassword: string
  captchaCode?: string
  agree?: boolean
}

/** The username rules of the users API: 3–32 letters, digits, . _ - */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,32}$/

export default function RegisterForm({
  config,
  onDone,
  onBack,
}: {
  config: AuthConfig
  onDone: (username: string) => void
  onBack: () => void
}) {
  const { t } = useTranslation('login')
  const { token } = theme.useToken()
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)
  const [agreement, setAgreement] = useState(false)
  const captchaOn = config.captchaEnabled
  const captcha = useQuery({
    queryKey: publicKeys.registerCaptcha,
    queryFn: getCaptcha,
    enabled: captchaOn,
    staleTime: 0,
    gcTime: 0,
  })
  const showAgreement = config.showAgreement === 1

  const submit = async (v: Values) => {
    setBusy(true)
    const username = v.username.trim()
    const ok = await submitWithFieldErrors(form, () =>
      register({
        username,
        nickname: v.nickname?.trim() || undefined,
        password: v.password,
        confirmPassword: v.confirmPassword,
        captchaKey: captchaOn ? captcha.data?.captchaKey : undefined,
        captchaCode: captchaOn ? v.captchaCode : undefined,
      }),
    )
    setBusy(false)
    if (ok) {
      feedback.message.success(t('register.done'))
      form.resetFields()
      onDone(username)
    } else if (captchaOn) {
      form.setFieldValue('captchaCode', '') // a captcha is used up
      void captcha.refetch()
    }
  }

  return (
    <>
      <h2 style={{ textAlign: 'center', marginTop: 0, fontSize: token.fontSizeHeading4, color: token.colorText }}>{t('register.title')}</h2>
      <Form<Values> form={form} size="large" onFinish={submit} autoComplete="off" data-testid="register-form">
        <Form.Item
          name="username"
          rules={[
            { required: true, whitespace: true, message: t('usernameRequired') },
            { pattern: USERNAME_PATTERN, message: t('register.usernameRule') },
          ]}
        >
          <Input
            prefix={<UserOutlined />}
            placeholder={t('register.usernamePlaceholder')}
            autoComplete="username"
            data-testid="register-username"
          />
        </Form.Item>
        <Form.Item name="nickname" rules={[{ max: 32, message: t('register.nicknameMax') }]}>
          <Input prefix={<SmileOutlined />} placeholder={t('register.nickname')} data-testid="register-nickname" />
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
            placeholder={t('password')}
            autoComplete="new-password"
            data-testid="register-password"
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
            data-testid="register-confirm"
          />
        </Form.Item>
        {captchaOn && (
          <Form.Item>
            <Flex gap={8}>
              <Form.Item name="captchaCode" noStyle rules={[{ required: true, message: t('captchaRequired') }]}>
                <Input prefix={<SafetyOutlined />} placeholder={t('captcha')} data-testid="register-captcha" />
              </Form.Item>
              <img
                src={captcha.data?.captchaBase64}
                alt={t('captcha')}
                title={t('captchaRefresh')}
                onClick={() => void captcha.refetch()}
                style={{ height: 40, cursor: 'pointer', borderRadius: token.borderRadius }}
              />
            </Flex>
          </Form.Item>
        )}
        {showAgreement && (
          <Form.Item
            name="agree"
            valuePropName="checked"
            rules={[{ validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error(t('agreement.required')))) }]}
          >
            <Checkbox data-testid="register-agree">
              {t('agreement.accept')}{' '}
              <Typography.Link
                onClick={(e) => {
                  e.preventDefault()
                  setAgreement(true)
                }}
                data-testid="register-agreement-link"
              >
                {t('agreement.name')}
              </Typography.Link>
            </Checkbox>
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="register-submit">
          {t('register.submit')}
        </Button>
        <Flex justify="center" style={{ marginTop: token.margin }}>
          <Typography.Link onClick={onBack} data-testid="register-back">
            {t('backToLogin')}
          </Typography.Link>
        </Flex>
      </Form>
      <Modal
        open={agreement}
        title={t('agreement.title', { company: config.companyName })}
        onCancel={() => setAgreement(false)}
        onOk={() => {
          form.setFieldValue('agree', true)
          void form.validateFields(['agree']).catch(() => undefined)
          setAgreement(false)
        }}
        okText={t('agreement.agree')}
        cancelText={t('common:cancel')}
        width={640}
      >
        <div style={{ whiteSpace: 'pre-line', maxHeight: '60vh', overflow: 'auto' }} data-testid="register-agreement-text">
          {t('agreement.body', { company: config.companyName })}
        </div>
      </Modal>
    </>
  )
}
