// A saved document's attachments (docs/documents.md, "Attachments"): the
// button with their count opens a drawer to upload by click or drop
// (images, PDF, office documents, 10 MB each), preview images, download
// and delete. Anyone who may see the document sees its files; editing the
// kind lets one add and remove them, audited documents included.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useQueryClient } from '@tanstack/react-query'
import { Badge, Button, Drawer, Empty, Flex, List, Modal, Skeleton, Space, Tag, Tooltip, Typography, Upload } from 'antd'
import { DeleteOutlined, DownloadOutlined, FileOutlined, InboxOutlined, PaperClipOutlined } from '@ant-design/icons'
import { feedback } from '@/app/feedback'
import '../catalogue'
import { confirmDelete } from '@/components/confirmDelete'
import { useObjectUrl } from '@/components/useObjectUrl'
import type { DocKind } from '../kinds'
import { attachmentApi, docKeys, useAttachmentBlob, useAttachments } from '../api'
import { ATTACH_ACCEPT, ATTACH_MAX_COUNT, attachmentProblem, humanSize, isImage, type Attachment } from '../lib/attachments'

/** An image attachment as an <img> (fetched with the bearer token). */
export function AttachmentImage({ kind, a, style }: { kind: DocKind; a: Attachment; style?: React.CSSProperties }) {
  const blob = useAttachmentBlob(kind, a)
  const url = useObjectUrl(blob.data)
  return url ? <img src={url} alt={a.name} style={style} /> : <Skeleton.Image active style={{ width: 48, height: 48 }} />
}

function Row({ kind, a, editable, onOpen }: { kind: DocKind; a: Attachment; editable: boolean; onOpen: () => void }) {
  const { t } = useTranslation('docFiles')
  const qc = useQueryClient()
  const remove = () =>
    confirmDelete({
      name: a.name,
      onOk: async () => {
        await attachmentApi(kind).remove(a.id)
        await qc.invalidateQueries({ queryKey: docKeys.attachments(kind, a.billId) })
      },
    })
  return (
    <List.Item
      data-testid={`attachment-${a.id}`}
      actions={[
        <Tooltip title={t('attach.download')} key="dl">
          <Button
            size="small"
            icon={<DownloadOutlined />}
            onClick={() => void attachmentApi(kind).save(a)}
            data-testid={`attachment-download-${a.id}`}
          />
        </Tooltip>,
        ...(editable
          ? [
              <Tooltip title={t('attach.delete')} key="del">
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => void remove()}
                  data-testid={`attachment-delete-${a.id}`}
                />
              </Tooltip>,
            ]
          : []),
      ]}
    >
      <List.Item.Meta
        avatar={
          isImage(a) ? (
            <span style={{ cursor: 'pointer' }} onClick={onOpen} data-testid={`attachment-thumb-${a.id}`}>
              <AttachmentImage kind={kind} a={a} style={{ width: 48, height: 48, objectFit: 'contain' }} />
            </span>
          ) : (
            <FileOutlined style={{ fontSize: 32 }} />
          )
        }
        title={
          <Space size={4}>
            <Typography.Text ellipsis style={{ maxWidth: 260 }} data-testid="attachment-name">
              {a.name}
            </Typography.Text>
            {a.role === 'signature' && <Tag color="blue">{t('attach.signature')}</Tag>}
          </Space>
        }
        description={`${humanSize(a.size)} · ${a.userName} · ${new Date(a.createTime).toLocaleString()}`}
      />
    </List.Item>
  )
}

export function AttachmentsButton({ kind, billId, editable }: { kind: DocKind; billId: number; editable: boolean }) {
  const { t } = useTranslation('docFiles')
  const qc = useQueryClient()
  const list = useAttachments(kind, billId)
  const [open, setOpen] = useState(false)
  const [preview, setPreview] = useState<Attachment | null>(null)
  const [uploading, setUploading] = useState(0)
  const items = list.data ?? []
  return (
    <>
      <Badge count={items.length} size="small" offset={[-4, 4]}>
        <Button icon={<PaperClipOutlined />} onClick={() => setOpen(true)} data-testid="doc-attachments">
          {t('attach.title')}
        </Button>
      </Badge>
      <Drawer open={open} onClose={() => setOpen(false)} title={t('attach.titleCount', { n: items.length })} width={520} destroyOnHidden>
        <Flex vertical gap="middle" data-testid="attachments-panel">
          {editable && (
            <Upload.Dragger
              accept={ATTACH_ACCEPT}
              multiple
              showUploadList={false}
              beforeUpload={(file, batch) => {
                const problem = attachmentProblem(file, items.length + uploading + batch.indexOf(file))
                if (problem) {
                  feedback.message.error(t(`attach.bad.${problem}`, { name: file.name, max: ATTACH_MAX_COUNT }))
                  return Upload.LIST_IGNORE
                }
                return true
              }}
              customRequest={async ({ file, onSuccess, onError }) => {
                setUploading((n) => n + 1)
                try {
                  const f = file as File
                  const r = await attachmentApi(kind).add(billId, f, f.name)
                  onSuccess?.(r)
                  feedback.message.success(t('attach.uploaded', { name: r.name }))
                } catch (e) {
                  onError?.(e as Error)
                } finally {
                  setUploading((n) => n - 1)
                  await qc.invalidateQueries({ queryKey: docKeys.attachments(kind, billId) })
                }
              }}
              data-testid="attachment-upload"
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p>{t('attach.drop')}</p>
              <Typography.Text type="secondary">{t('attach.hint', { max: ATTACH_MAX_COUNT })}</Typography.Text>
            </Upload.Dragger>
          )}
          {list.isLoading ? (
            <Skeleton active />
          ) : items.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('attach.none')} />
          ) : (
            <List
              size="small"
              dataSource={items}
              renderItem={(a) => <Row kind={kind} a={a} editable={editable} onOpen={() => setPreview(a)} />}
              data-testid="attachments-list"
            />
          )}
        </Flex>
      </Drawer>
      <Modal open={!!preview} title={preview?.name} footer={null} onCancel={() => setPreview(null)} width={760} destroyOnHidden>
        {preview && <AttachmentImage kind={kind} a={preview} style={{ maxWidth: '100%' }} />}
      </Modal>
    </>
  )
}
