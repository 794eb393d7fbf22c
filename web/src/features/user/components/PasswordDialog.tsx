// Reset a user's password; the user must change it at the next sign-in.
import { Form, Input } from 'antd'
import { useTranslation } from 'react-i18next'
import { FormDialog } from '@/components/FormDialog'
import { resetPassword } from '../api'
import type { User } from '../types'

interface Values {
  password: string
  confirm: string
}

export function PasswordDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t } = useTranslation('access')
  return (
    <FormDialog<Values>
      open={!!user}
      title={t('user.resetPasswordOf', { name: user?.username ?? '' })}
      onSubmit={(v) => resetPassword(user!.id, v.password)}
      successMessage={t('user.passwordReset')}
      onClose={onClose}
      width={480}
      labelCol={{ flex: '110px' }}
      data-testid="password-dialog"
    >
      <Form.Item
        name="password"
        label={t('user.newPassword')}
        rules={[
          { required: true, message: t('required', { field: t('user.newPassword') }) },
          { min: 8, message: t('user.passwordMin') },
        ]}
      >
        <Input.Password maxLength={64} autoComplete="new-password" data-testid="reset-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('user.confirmPassword')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('required', { field: t('user.confirmPassword') }) },
          ({ getFieldValue }) => ({
            validator: (_, v) =>
              !v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('user.passwordMismatch'))),
          }),
        ]}
      >
        <Input.Password maxLength={64} autoComplete="new-password" data-testid="reset-confirm" />
      </Form.Item>
    </FormDialog>
  )
}
