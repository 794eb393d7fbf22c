// A notice as its reader sees it. Opening it (id) marks it read; the
// administrators' preview (preview: a row of their list) reads the edit form
// instead and leaves the read state alone.
import { Divider, Flex, Modal, Skeleton, Space, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { DictTag } from '@/features/dict/components/DictTag'
import { formatDateTime } from '@/utils/date'
import { useNoticeDetail, useNoticePreview } from '../api'
import { SafeHtml } from './SafeHtml'
import type { Notice } from '../types'

interface Props {
  /** read the notice (marks it read) */
  id?: number
  /** preview a row of the administration list */
  preview?: Notice
  onClose: () => void
}

export function NoticeDetailModal({ id, preview, onClose }: Props) {
  const { t } = useTranslation('notice')
  const detail = useNoticeDetail(id)
  const form = useNoticePreview(preview?.id)
  const data = preview ? form.data && { ...form.data, publisherName: preview.publisherName, publishTime: preview.publishTime } : detail.data
  const loading = preview ? form.isLoading : detail.isLoading
  return (
    <Modal open={!!id || !!preview} title={t(preview ? 'preview' : 'detail')} footer={null} onCancel={onClose} width={720} destroyOnHidden>
      {loading || !data ? (
        <Skeleton active />
      ) : (
        <div data-testid="notice-detail">
          <Typography.Title level={4} style={{ marginTop: 0 }} data-testid="notice-detail-title">
            {data.title}
          </Typography.Title>
          <Flex wrap gap="small" align="center">
            <DictTag code="notice_type" value={data.type} />
            <DictTag code="notice_level" value={data.level} />
            {data.publisherName && (
              <Space size={4}>
                <Typography.Text type="secondary">{t('publisher')}:</Typography.Text>
                <Typography.Text>{data.publisherName}</Typography.Text>
              </Space>
            )}
            {data.publishTime && (
              <Space size={4}>
                <Typography.Text type="secondary">{t('publishTime')}:</Typography.Text>
                <Typography.Text>{formatDateTime(data.publishTime)}</Typography.Text>
              </Space>
            )}
          </Flex>
          <Divider />
          {/* HTML sanitised by the server and again here, inserted as nodes */}
          <SafeHtml html={data.content} />
        </div>
      )}
    </Modal>
  )
}
