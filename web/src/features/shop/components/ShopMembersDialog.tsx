// The users of a shop: a transfer between the users one may pick (GET
// /api/users/options) and the shop's members.
import { useMemo, useState } from 'react'
import { Modal, Skeleton, Transfer } from 'antd'
import { useTranslation } from 'react-i18next'
import { feedback } from '@/app/feedback'
import { useUserOptions } from '@/features/notice/api'
import { useSaveMembers, useShopMembers } from '../api'
import type { Shop } from '../types'

interface Item {
  key: number
  title: string
}

export function ShopMembersDialog({ shop, onClose }: { shop?: Shop; onClose: () => void }) {
  const { t } = useTranslation('shop')
  const members = useShopMembers(shop?.id)
  const users = useUserOptions(!!shop)
  const save = useSaveMembers()
  // The chosen members; undefined = as the server has them.
  const [chosen, setChosen] = useState<number[]>()
  const target = chosen ?? members.data?.map((m) => m.id) ?? []

  // Every user one may pick, and the members (who may not be in the options).
  const items = useMemo<Item[]>(() => {
    const out = new Map<number, Item>()
    for (const u of users.data ?? []) out.set(u.value, { key: u.value, title: u.label })
    for (const m of members.data ?? []) if (!out.has(m.id)) out.set(m.id, { key: m.id, title: m.nickname || m.username })
    return [...out.values()]
  }, [users.data, members.data])

  const loading = members.isLoading || users.isLoading
  const close = () => {
    setChosen(undefined)
    onClose()
  }

  return (
    <Modal
      open={!!shop}
      title={t('membersOf', { name: shop?.name ?? '' })}
      width={640}
      onCancel={close}
      okText={t('list:save')}
      cancelText={t('list:cancel')}
      okButtonProps={{ disabled: loading, 'data-testid': 'shop-members-ok' }}
      confirmLoading={save.isPending}
      destroyOnHidden
      onOk={() =>
        shop &&
        save.mutateAsync({ id: shop.id, userIds: target }).then(
          () => {
            feedback.message.success(t('list:saved'))
            close()
          },
          () => undefined, // the client showed the message
        )
      }
    >
      {loading ? (
        <Skeleton active />
      ) : (
        <Transfer<Item>
          dataSource={items}
          targetKeys={target}
          onChange={(keys) => setChosen(keys as number[])}
          render={(i) => i.title}
          showSearch={{ placeholder: t('searchUsers') }}
          filterOption={(input, i) => i.title.toLowerCase().includes(input.toLowerCase())}
          titles={[t('candidates'), t('members')]}
          styles={{ section: { width: '100%', height: 360 } }}
          data-testid="shop-members"
        />
      )}
    </Modal>
  )
}
