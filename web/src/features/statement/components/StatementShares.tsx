// On the customer statement report: share the statement on screen (the
// customer and period of the filters) as a link the customer opens without
// signing in, and the statements shared with their answers.
import { useState } from 'react'
import { Button, Card, Flex, InputNumber, Modal, Popconfirm, Table, Tag, Typography } from 'antd'
import { ShareAltOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { Auth } from '@/components/Auth'
import { can } from '@/stores/permission'
import { cellText, type Places } from '@/features/report/lib/format'
import '../catalogue'
import { useRevokeStatement, useShareStatement, useStatementShares } from '../api'
import { shareUrl, statusColor } from '../lib/statement'
import type { CreatedShare, ShareItem } from '../types'

const PERM_SHARE = 'report:customerReconciliation:share'
const AMOUNT = { key: 'closing', label: '', type: 'amount' as const }

export function StatementShares({
  buId,
  beginDate,
  endDate,
  showGoods,
}: {
  buId?: number
  beginDate?: string
  endDate?: string
  showGoods: boolean
}) {
  const { t } = useTranslation('statement')
  const [open, setOpen] = useState(false)
  const [days, setDays] = useState(30)
  const [created, setCreated] = useState<CreatedShare | null>(null)
  const share = useShareStatement()
  const link = created ? shareUrl(created.path, window.location) : ''
  const close = () => {
    setOpen(false)
    setCreated(null)
    share.reset()
  }
  return (
    <>
      <Auth perm={PERM_SHARE}>
        <Button icon={<ShareAltOutlined />} disabled={!buId || !beginDate} onClick={() => setOpen(true)} data-testid="statement-share">
          {t('share')}
        </Button>
      </Auth>
      {open && (
        <Modal
          open
          title={t('share')}
          onCancel={close}
          okText={created ? t('close') : t('create')}
          cancelButtonProps={created ? { style: { display: 'none' } } : undefined}
          confirmLoading={share.isPending}
          onOk={() => {
            if (created) return close()
            if (buId && beginDate && endDate)
              share.mutate({ buId, beginDate, endDate, showGoods, expiresDays: days }, { onSuccess: setCreated })
          }}
        >
          {created ? (
            <Flex vertical gap={8}>
              <Typography.Text>{t('created', { at: created.expiresAt })}</Typography.Text>
              <Typography.Paragraph copyable={{ text: link }} code data-testid="statement-link">
                {link}
              </Typography.Paragraph>
              <Typography.Text type="secondary">{t('once')}</Typography.Text>
            </Flex>
          ) : (
            <Flex vertical gap={8}>
              <Typography.Text>{t('what', { from: beginDate, to: endDate })}</Typography.Text>
              <Flex gap={8} align="center">
                {t('days')}
                <InputNumber min={1} max={365} precision={0} value={days} onChange={(v) => setDays(v ?? 30)} data-testid="statement-days" />
              </Flex>
            </Flex>
          )}
        </Modal>
      )}
    </>
  )
}

/** The statements shared with a customer, with the customers' answers. */
export function StatementShareList({ buId, places }: { buId?: number; places: Places }) {
  const { t } = useTranslation('statement')
  const list = useStatementShares(buId, !!buId)
  const revoke = useRevokeStatement()
  if (!buId || !list.data?.records) return null
  return (
    <Card size="small" title={t('shared')} data-testid="statement-shares">
      <Table<ShareItem>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={list.data.rows}
        onRow={() => ({ 'data-testid': 'statement-share-row' }) as object}
        columns={[
          { key: 'createdAt', dataIndex: 'createdAt', title: t('col.createdAt'), width: 160 },
          { key: 'period', title: t('col.period'), render: (_, r) => `${r.beginDate} ~ ${r.endDate}`, width: 200 },
          {
            key: 'closing',
            dataIndex: 'closing',
            title: t('col.closing'),
            align: 'right',
            render: (v) => cellText(AMOUNT, v, places),
          },
          {
            key: 'status',
            dataIndex: 'status',
            title: t('col.status'),
            render: (s: ShareItem['status']) => (
              <Tag color={statusColor(s)} data-testid={`statement-status-${s}`}>
                {t(`status.${s}`)}
              </Tag>
            ),
          },
          { key: 'comment', dataIndex: 'comment', title: t('col.comment'), ellipsis: true },
          { key: 'answeredAt', dataIndex: 'answeredAt', title: t('col.answeredAt'), width: 160 },
          { key: 'createdBy', dataIndex: 'createdBy', title: t('col.createdBy') },
          {
            key: 'action',
            title: '',
            render: (_, r) =>
              can(PERM_SHARE) && r.status === 'pending' ? (
                <Popconfirm title={t('revokeAsk')} onConfirm={() => revoke.mutate(r.id)}>
                  <Button size="small" type="link">
                    {t('revoke')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </Card>
  )
}
