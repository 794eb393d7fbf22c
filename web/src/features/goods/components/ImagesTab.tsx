// The goods dialog's images tab (saved goods only): upload jpeg/png/gif/webp
// up to 5 MB each, at most 10 per goods, through the shared HTTP client (the
// bearer token goes along); thumbnails are fetched as blobs; click one to see
// the full image; delete.
import { useState } from 'react'
import { Button, Card, Empty, Flex, Modal, Skeleton, Space, Tooltip, Typography, Upload } from 'antd'
import { DeleteOutlined, EyeOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { feedback } from '@/app/feedback'
import { confirmDelete } from '@/components/confirmDelete'
import { useObjectUrl } from '@/components/useObjectUrl'
import { uploadGoodsImage, useGoodsImages, useImageBlob, useImageMutations } from '../api'
import { IMAGE_MAX_COUNT, IMAGE_TYPES, imageProblem } from '../lib/images'
import type { GoodsImage } from '../types'

function Thumb({ image, onOpen, onDelete }: { image: GoodsImage; onOpen: () => void; onDelete?: () => void }) {
  const { t } = useTranslation('goods')
  const blob = useImageBlob(image.id, true)
  const url = useObjectUrl(blob.data)
  return (
    <Card
      size="small"
      style={{ width: 132 }}
      styles={{ body: { padding: 4 } }}
      data-testid={`goods-image-${image.id}`}
      cover={
        <Flex align="center" justify="center" style={{ height: 120, cursor: 'pointer' }} onClick={onOpen}>
          {url ? (
            <img src={url} alt={image.name} style={{ maxWidth: '100%', maxHeight: 120, objectFit: 'contain' }} />
          ) : blob.isError ? (
            <PictureOutlined style={{ fontSize: 32 }} />
          ) : (
            <Skeleton.Image active />
          )}
        </Flex>
      }
      actions={[
        <Tooltip title={t('imageView')} key="view">
          <EyeOutlined onClick={onOpen} />
        </Tooltip>,
        ...(onDelete
          ? [
              <Tooltip title={t('imageDelete')} key="del">
                <DeleteOutlined onClick={onDelete} data-testid={`goods-image-delete-${image.id}`} />
              </Tooltip>,
            ]
          : []),
      ]}
    >
      <Typography.Text ellipsis style={{ fontSize: 12 }}>
        {image.name}
      </Typography.Text>
    </Card>
  )
}

function FullImage({ id, name }: { id: number; name: string }) {
  const blob = useImageBlob(id, false)
  const url = useObjectUrl(blob.data)
  return url ? <img src={url} alt={name} style={{ maxWidth: '100%' }} /> : <Skeleton.Image active />
}

export function ImagesTab({ invId, editable }: { invId?: number; editable: boolean }) {
  const { t } = useTranslation('goods')
  const images = useGoodsImages(invId)
  const { refresh, remove } = useImageMutations(invId ?? 0)
  const [open, setOpen] = useState<GoodsImage | null>(null)
  const [uploading, setUploading] = useState(0)

  if (!invId) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('imagesSaveFirst')} />
  const list = images.data ?? []

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="goods-images">
      {editable && (
        <Upload
          accept={IMAGE_TYPES.join(',')}
          multiple
          showUploadList={false}
          beforeUpload={(file, batch) => {
            const problem = imageProblem(file, list.length + batch.indexOf(file))
            if (problem) {
              feedback.message.error(t(`imageBad.${problem}`, { name: file.name, max: IMAGE_MAX_COUNT }))
              return Upload.LIST_IGNORE
            }
            return true
          }}
          customRequest={async ({ file, onSuccess, onError }) => {
            setUploading((n) => n + 1)
            try {
              const r = await uploadGoodsImage(invId, file as File)
              onSuccess?.(r)
              await refresh()
            } catch (e) {
              onError?.(e as Error)
            } finally {
              setUploading((n) => n - 1)
            }
          }}
        >
          <Button
            icon={<UploadOutlined />}
            loading={uploading > 0}
            disabled={list.length >= IMAGE_MAX_COUNT}
            data-testid="goods-image-upload"
          >
            {t('imageUpload')}
          </Button>
        </Upload>
      )}
      <Typography.Text type="secondary">{t('imageHint', { max: IMAGE_MAX_COUNT })}</Typography.Text>
      {images.isLoading ? (
        <Skeleton active />
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noImages')} />
      ) : (
        <Flex wrap gap="small">
          {list.map((img) => (
            <Thumb
              key={img.id}
              image={img}
              onOpen={() => setOpen(img)}
              onDelete={editable ? () => void confirmDelete({ name: img.name, onOk: () => remove.mutateAsync(img.id) }) : undefined}
            />
          ))}
        </Flex>
      )}
      <Modal open={!!open} title={open?.name} footer={null} onCancel={() => setOpen(null)} width={720} destroyOnHidden>
        {open && <FullImage id={open.id} name={open.name} />}
      </Modal>
    </Space>
  )
}
