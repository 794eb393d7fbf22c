// The user's menu: dashboard, profile, security settings, API doc, sign out.
import { Avatar, Button, Dropdown } from 'antd'
import { UserOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { feedback } from '@/app/feedback'
import { logout } from '@/features/auth/api'
import { useSession } from '@/stores/session'

export function UserMenu() {
  const { t } = useTranslation('layout')
  const navigate = useNavigate()
  const user = useSession((s) => s.user)
  const signOut = () =>
    feedback.modal.confirm({
      title: t('common:notice'),
      content: t('logoutConfirm'),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      onOk: async () => {
        await logout().catch(() => undefined) // the session ends here whatever the server says
        useSession.getState().clear(true) // the guard sends the shell to /login
        feedback.message.success(t('loggedOut'))
      },
    })
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'dashboard', label: t('dashboard') },
          { key: 'profile', label: t('profile') },
          { key: 'security', label: t('security') },
          { key: 'docs', label: t('docs') },
          { type: 'divider' },
          { key: 'logout', label: <span data-testid="logout">{t('logout')}</span>, danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'dashboard') navigate('/dashboard')
          else if (key === 'profile') navigate('/profile')
          else if (key === 'security') navigate('/profile?tab=security')
          else if (key === 'docs') window.open('/api/openapi.json', '_blank', 'noopener')
          else if (key === 'logout') signOut()
        },
      }}
    >
      <Button type="text" data-testid="user-menu" style={{ paddingInline: 8 }}>
        <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} />
        <span>{user?.nickname || user?.username}</span>
      </Button>
    </Dropdown>
  )
}
