// Shown instead of the shell while the server requires a new password (A0232).
import { Button, Card, Flex, Form, Input, Typography, theme } from 'antd'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { feedback } from '@/app/feedback'
import { changePassword, type PasswordChange } from '../api'

export default function ChangePassword() {
  const { t } = useTranslation('login')
  const { token } = theme.useToken()
  const qc = useQueryClient()
  const submit = async (v: PasswordChange) => {
    await changePassword(v)
    feedback.message.success(t('changePassword.done'))
    await qc.invalidateQueries() // the user, and the system info and routes refused until now
  }
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100%', background: token.colorBgLayout }}>
      <Card style={{ width: 420, maxWidth: '100%' }} title={t('changePassword.title')}>
        <Typography.Paragraph type="secondary">{t('changePassword.hint')}</Typography.Paragraph>
        <Form<PasswordChange> layout="vertical" onFinish={(v) => submit(v).catch(() => undefined)}>
          <Form.Item
            name="oldPassword"
            label={t('changePassword.oldPassword')}
            rules={[{ required: true, message: t('passwordRequired') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="newPassword"
            label={t('changePassword.newPassword')}
            rules={[
              { required: true, message: t('passwordRequired') },
              { min: 8, message: t('passwordRule') },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label={t('changePassword.confirmPassword')}
            dependencies={['newPassword']}
            rules={[
              { required: true, message: t('passwordRequired') },
              ({ getFieldValue }) => ({
                validator: (_, value) =>
                  !value || getFieldValue('newPassword') === value
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('changePassword.confirmMismatch'))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block>
            {t('changePassword.submit')}
          </Button>
        </Form>
      </Card>
    </Flex>
  )
}
