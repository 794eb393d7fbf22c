// Notices: search, add/edit drafts, publish, revoke, delete, preview.
import { useState } from 'react'
import { Button, Card, Form, Input, Select, Space, Typography, type TableColumnsType } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { feedback } from '@/app/feedback'
import { Auth } from '@/components/Auth'
import { confirmDelete } from '@/components/confirmDelete'
import { ListTable } from '@/components/ListTable'
import { SearchForm } from '@/components/SearchForm'
import { useListQuery } from '@/components/useListQuery'
import { can } from '@/stores/permission'
import { DictTag } from '@/features/dict/components/DictTag'
import { formatDateTime } from '@/utils/date'
import { getNoticePage, noticeKeys, useDeleteNotices, usePublishNotice, useRevokeNotice } from '../api'
import { NoticeDetailModal } from '../components/NoticeDetailModal'
import { NoticeFormDialog } from '../components/NoticeFormDialog'
import { PublishStatusTag } from '../components/PublishStatusTag'
import { PUBLISH_STATUS, type Notice, type NoticeFilters } from '../types'

export default function NoticeList() {
  const { t } = useTranslation('notice')
  const list = useListQuery<NoticeFilters, Notice>({
    key: noticeKeys.page,
    fetch: getNoticePage,
    filters: { title: undefined, publishStatus: undefined },
  })
  const [editing, setEditing] = useState<{ id?: number } | null>(null)
  const [previewing, setPreviewing] = useState<Notice>()
  const remove = useDeleteNotices()
  const publish = usePublishNotice()
  const revoke = useRevokeNotice()

  const confirm = (title: string, content: string, run: () => Promise<unknown>, done: string) =>
    feedback.modal.confirm({
      title,
      content,
      okText: t('list:ok'),
      cancelText: t('list:cancel'),
      okButtonProps: { 'data-testid': 'confirm-ok' },
      onOk: () =>
        run().then(
          () => feedback.message.success(done),
          () => undefined, // the client showed the message
        ),
    })

  // The preview reads the edit form; without the right to edit, the reader's view.
  const canEdit = can('sys:notice:edit')
  const editable = (n: Notice) => n.publishStatus !== PUBLISH_STATUS.published

  const columns: TableColumnsType<Notice> = [
    {
      title: t('title'),
      dataIndex: 'title',
      render: (v: string, n) => (
        <Typography.Link onClick={() => setPreviewing(n)} data-testid="notice-row-title">
          {v}
        </Typography.Link>
      ),
    },
    { title: t('type'), dataIndex: 'type', width: 120, render: (v) => <DictTag code="notice_type" value={v} /> },
    { title: t('level'), dataIndex: 'level', width: 90, render: (v) => <DictTag code="notice_level" value={v} /> },
    { title: t('target'), dataIndex: 'targetType', width: 110, render: (v: number) => t(`targets.${v}`, { defaultValue: String(v) }) },
    { title: t('status'), dataIndex: 'publishStatus', width: 100, render: (v: number) => <PublishStatusTag status={v} /> },
    { title: t('publisher'), dataIndex: 'publisherName', width: 120 },
    { title: t('publishTime'), dataIndex: 'publishTime', width: 170, render: (v) => formatDateTime(v) },
    {
      title: t('list:actions'),
      key: 'actions',
      fixed: 'right',
      width: 230,
      render: (_, n) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setPreviewing(n)} data-testid="notice-preview">
            {t('preview')}
          </Button>
          {editable(n) && (
            <Auth perm="sys:notice:publish">
              <Button
                type="link"
                size="small"
                data-testid="notice-publish"
                onClick={() =>
                  confirm(t('publish'), t('publishConfirm', { title: n.title }), () => publish.mutateAsync(n.id), t('published'))
                }
              >
                {t('publish')}
              </Button>
            </Auth>
          )}
          {n.publishStatus === PUBLISH_STATUS.published && (
            <Auth perm="sys:notice:revoke">
              <Button
                type="link"
                size="small"
                data-testid="notice-revoke"
                onClick={() => confirm(t('revoke'), t('revokeConfirm', { title: n.title }), () => revoke.mutateAsync(n.id), t('revoked'))}
              >
                {t('revoke')}
              </Button>
            </Auth>
          )}
          {editable(n) && (
            <Auth perm="sys:notice:edit">
              <Button type="link" size="small" onClick={() => setEditing({ id: n.id })} data-testid="notice-edit">
                {t('list:edit')}
              </Button>
            </Auth>
          )}
          {editable(n) && (
            <Auth perm="sys:notice:delete">
              <Button
                type="link"
                size="small"
                danger
                data-testid="notice-delete"
                onClick={() => void confirmDelete({ name: n.title, onOk: () => remove.mutateAsync([n.id]) })}
              >
                {t('list:delete')}
              </Button>
            </Auth>
          )}
        </Space>
      ),
    },
  ]

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-view="system/notice" data-testid="notice-list">
      <Card size="small">
        <SearchForm onSearch={list.search} onReset={list.reset}>
          <Form.Item name="title" label={t('title')}>
            <Input allowClear placeholder={t('title')} data-testid="notice-search-title" />
          </Form.Item>
          <Form.Item name="publishStatus" label={t('status')}>
            <Select
              allowClear
              style={{ width: 140 }}
              placeholder={t('list:all')}
              options={[PUBLISH_STATUS.draft, PUBLISH_STATUS.published, PUBLISH_STATUS.revoked].map((s) => ({
                value: s,
                label: t(`publishStatus.${s}`),
              }))}
            />
          </Form.Item>
        </SearchForm>
      </Card>
      <Card size="small">
        <ListTable<Notice>
          list={list}
          rowKey="id"
          columns={columns}
          selectable
          toolbar={({ selectedRows, clearSelection }) => (
            <>
              <Auth perm="sys:notice:add">
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="notice-add">
                  {t('list:add')}
                </Button>
              </Auth>
              <Auth perm="sys:notice:delete">
                <Button
                  danger
                  disabled={!selectedRows.length || selectedRows.some((r) => !editable(r))}
                  onClick={async () => {
                    if (await confirmDelete({ count: selectedRows.length, onOk: () => remove.mutateAsync(selectedRows.map((r) => r.id)) }))
                      clearSelection()
                  }}
                >
                  {t('list:batchDelete')}
                </Button>
              </Auth>
            </>
          )}
        />
      </Card>
      <NoticeFormDialog open={!!editing} id={editing?.id} onClose={() => setEditing(null)} />
      <NoticeDetailModal
        preview={canEdit ? previewing : undefined}
        id={canEdit ? undefined : previewing?.id}
        onClose={() => setPreviewing(undefined)}
      />
    </Space>
  )
}
