// The sign-in page: username, password (≥ 6), the server's captcha when it is
// on (click to refresh), remember me, language switch; per the server's
// configuration (GET /auth/config) the forgotten password and registration
// panels (loaded on demand).
import { lazy, Suspense, useEffect, useState } from 'react'
import { Button, Checkbox, Flex, Form, Input, Spin, theme } from 'antd'
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { feedback } from '@/app/feedback'
import { languages } from '@/locales'
import { usePreferences } from '@/stores/preferences'
import { useSession } from '@/stores/session'
import { login, useCaptcha } from '../api'
import { useAuthConfig } from '../publicApi'

const RegisterForm = lazy(() => import('../components/RegisterForm'))
const ResetPasswordForm = lazy(() => import('../components/ResetPasswordForm'))

type Panel = 'login' | 'register' | 'reset'

export const REMEMBER_KEY = 'cangshu.rememberedUsername'

interface LoginForm {
  username: string
  password: string
  captchaCode?: string
  remember: boolean
}

interface LoginProps {
  /** Called as the sign-in request starts (AppRoutes fetches the shell's code then). */
  preload?: () => void
}

export default function Login({ preload }: LoginProps) {
  const { t } = useTranslation(['login', 'common'])
  const { token } = theme.useToken()
  const captcha = useCaptcha()
  const config = useAuthConfig()
  const [panel, setPanel] = useState<Panel>('login')
  const [form] = Form.useForm<LoginForm>()
  const [busy, setBusy] = useState(false)
  const language = usePreferences((s) => s.language)
  const setPreference = usePreferences((s) => s.set)
  // Signing out sent us here without a redirect; from now on the guard adds it again.
  useEffect(() => {
    if (useSession.getState().signedOut) useSession.setState({ signedOut: false })
  }, [])
  const remembered = localStorage.getItem(REMEMBER_KEY) ?? ''
  const captchaOn = !!captcha.data && captcha.data.captchaEnabled !== false && !!captcha.data.captchaBase64

  const submit = async (v: LoginForm) => {
    setBusy(true)
    preload?.()
    try {
      const tokens = await login({
        username: v.username.trim(),
        password: v.password,
        captchaKey: captchaOn ? captcha.data?.captchaKey : '',
        captchaCode: captchaOn ? v.captchaCode : '',
      })
      if (v.remember) localStorage.setItem(REMEMBER_KEY, v.username.trim())
      else localStorage.removeItem(REMEMBER_KEY)
      useSession.getState().setTokens(tokens) // the guard of /login then leaves for the redirect

      feedback.message.success(t('success'))
    } catch {
      // The HTTP client has shown the server's message; a captcha is used up.
      form.setFieldValue('captchaCode', '')
      if (captchaOn) void captcha.refetch()
    } finally {
      setBusy(false)
    }
  }

  return (
    <Flex vertical align="center" justify="center" style={{ minHeight: '100%', background: token.colorBgLayout, padding: token.padding }}>
      {/* Light on purpose: no Card, Typography or Dropdown here keeps the first load small. */}
      <Flex style={{ position: 'fixed', top: token.padding, right: token.padding }} aria-label={t('common:language')}>
        {languages.map((l) => (
          <Button
            key={l}
            type={l === language ? 'link' : 'text'}
            size="small"
            onClick={() => setPreference('language', l)}
            data-testid={`login-lang-${l}`}
          >
            {t(`common:languages.${l}`)}
          </Button>
        ))}
      </Flex>
      <div
        style={{
          width: 380,
          maxWidth: '100%',
          padding: token.paddingLG,
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <h1 style={{ textAlign: 'center', marginTop: 0, fontSize: token.fontSizeHeading3, color: token.colorText }}>
          {t('common:appName')}
        </h1>
        <p style={{ textAlign: 'center', color: token.colorTextSecondary }}>{t('welcome')}</p>
        {panel !== 'login' && config.data && (
          <Suspense fallback={<Spin style={{ display: 'block', margin: token.margin }} />}>
            {panel === 'register' ? (
              <RegisterForm
                config={config.data}
                onBack={() => setPanel('login')}
                onDone={(username) => {
                  form.setFieldsValue({ username, password: '' })
                  setPanel('login')
                }}
              />
            ) : (
              <ResetPasswordForm onBack={() => setPanel('login')} onDone={() => setPanel('login')} />
            )}
          </Suspense>
        )}
        <div style={panel === 'login' ? undefined : { display: 'none' }}>
          <Form<LoginForm>
            form={form}
            size="large"
            onFinish={submit}
            initialValues={{ username: remembered, remember: remembered !== '' }}
            autoComplete="on"
          >
            <Form.Item name="username" rules={[{ required: true, whitespace: true, message: t('usernameRequired') }]}>
              <Input prefix={<UserOutlined />} placeholder={t('username')} autoComplete="username" data-testid="login-username" />
            </Form.Item>
            <Form.Item
              name="password"
              rules={[
                { required: true, message: t('passwordRequired') },
                { min: 6, message: t('passwordMin') },
              ]}
            >
              <Input.Password
                prefix={<LockOutlined />}
                placeholder={t('password')}
                autoComplete="current-password"
                data-testid="login-password"
              />
            </Form.Item>
            {captchaOn && (
              <Form.Item>
                <Flex gap={8}>
                  <Form.Item name="captchaCode" noStyle rules={[{ required: true, message: t('captchaRequired') }]}>
                    <Input prefix={<SafetyOutlined />} placeholder={t('captcha')} data-testid="login-captcha" />
                  </Form.Item>
                  <img
                    src={captcha.data?.captchaBase64}
                    alt={t('captcha')}
                    title={t('captchaRefresh')}
                    onClick={() => void captcha.refetch()}
                    style={{ height: 40, cursor: 'pointer', borderRadius: token.borderRadius }}
                    data-testid="login-captcha-image"
                  />
                </Flex>
              </Form.Item>
            )}
            <Flex justify="space-between" align="baseline">
              <Form.Item name="remember" valuePropName="checked">
                <Checkbox>{t('rememberMe')}</Checkbox>
              </Form.Item>
              {config.data && (
                <Button type="link" size="small" onClick={() => setPanel('reset')} data-testid="login-forgot">
                  {t('forgotPassword')}
                </Button>
              )}
            </Flex>
            <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
              {t('submit')}
            </Button>
            {config.data?.allowRegister === 1 && (
              <Flex justify="center" align="center" style={{ marginTop: token.margin, color: token.colorTextSecondary }}>
                {t('noAccount')}
                <Button type="link" size="small" onClick={() => setPanel('register')} data-testid="login-register">
                  {t('registerLink')}
                </Button>
              </Flex>
            )}
          </Form>
        </div>
      </div>
    </Flex>
  )
}
