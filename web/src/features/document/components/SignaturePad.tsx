// The customer's signature on a document (a delivery): a canvas drawn with
// a finger, a pen or the mouse (pointer events; touch-action none so that
// the page does not scroll under the finger), saved as the document's PNG
// attachment of role "signature" (signing again replaces it), and the
// signature as the screen shows it, with who took it and when.
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useQueryClient } from '@tanstack/react-query'
import { Button, Flex, Modal, Space, Typography, theme } from 'antd'
import { feedback } from '@/app/feedback'
import '../catalogue'
import type { DocKind } from '../kinds'
import { attachmentApi, docKeys } from '../api'
import type { Attachment } from '../lib/attachments'
import { addPoint, canvasPoint, isBlank, type Stroke } from '../lib/signature'
import { AttachmentImage } from './Attachments'

const WIDTH = 600
const HEIGHT = 200
// ink is the light theme's text colour whatever the screen's theme: the PNG is printed on paper
const ink = theme.getDesignToken().colorTextBase

function draw(ctx: CanvasRenderingContext2D, strokes: Stroke[], color: string) {
  ctx.clearRect(0, 0, WIDTH, HEIGHT)
  ctx.strokeStyle = color
  ctx.fillStyle = color
  ctx.lineWidth = 2.5
  ctx.lineCap = 'round'
  ctx.lineJoin = 'round'
  for (const s of strokes) {
    if (s.length === 1) {
      ctx.beginPath()
      ctx.arc(s[0].x, s[0].y, 1.5, 0, Math.PI * 2)
      ctx.fill()
      continue
    }
    ctx.beginPath()
    ctx.moveTo(s[0].x, s[0].y)
    for (const p of s.slice(1)) ctx.lineTo(p.x, p.y)
    ctx.stroke()
  }
}

export function SignatureDialog({ kind, billId, onClose }: { kind: DocKind; billId: number; onClose: () => void }) {
  const { t } = useTranslation('docFiles')
  const { token } = theme.useToken()
  const qc = useQueryClient()
  const canvas = useRef<HTMLCanvasElement>(null)
  const [strokes, setStrokes] = useState<Stroke[]>([])
  const drawing = useRef(false)
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d')
    if (ctx) draw(ctx, strokes, ink)
  }, [strokes])

  const point = (e: React.PointerEvent<HTMLCanvasElement>) =>
    canvasPoint(e, e.currentTarget.getBoundingClientRect(), { width: WIDTH, height: HEIGHT })
  const onDown = (e: React.PointerEvent<HTMLCanvasElement>) => {
    e.preventDefault()
    e.currentTarget.setPointerCapture?.(e.pointerId)
    drawing.current = true
    const p = point(e)
    setStrokes((s) => addPoint(s, p, true))
  }
  const onMove = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return
    const p = point(e)
    setStrokes((s) => addPoint(s, p, false))
  }
  const onUp = () => {
    drawing.current = false
  }

  const save = async () => {
    const c = canvas.current
    if (!c || isBlank(strokes)) return
    setSaving(true)
    try {
      const blob = await new Promise<Blob | null>((resolve) => c.toBlob(resolve, 'image/png'))
      if (!blob) throw new Error(t('sign.failed'))
      await attachmentApi(kind).add(billId, blob, 'signature.png', 'signature')
      await qc.invalidateQueries({ queryKey: docKeys.attachments(kind, billId) })
      feedback.message.success(t('sign.saved'))
      onClose()
    } catch (e) {
      feedback.message.error((e as Error).message)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open
      title={t('sign.title')}
      width={WIDTH + 48}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={() => setStrokes([])} disabled={!strokes.length} data-testid="sign-clear">
            {t('sign.clear')}
          </Button>
          <Button onClick={onClose}>{t('document:print.close')}</Button>
          <Button type="primary" loading={saving} disabled={isBlank(strokes)} onClick={() => void save()} data-testid="sign-save">
            {t('sign.save')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('sign.hint')}</Typography.Paragraph>
      <canvas
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        onPointerDown={onDown}
        onPointerMove={onMove}
        onPointerUp={onUp}
        onPointerCancel={onUp}
        onPointerLeave={onUp}
        data-testid="sign-canvas"
        style={{
          width: '100%',
          aspectRatio: `${WIDTH} / ${HEIGHT}`,
          touchAction: 'none',
          cursor: 'crosshair',
          background: token.colorWhite,
          border: `1px dashed ${token.colorBorder}`,
          borderRadius: token.borderRadius,
        }}
      />
    </Modal>
  )
}

/** The signature a document holds, as the screen shows it. */
export function SignatureView({ kind, signature }: { kind: DocKind; signature: Attachment }) {
  const { t } = useTranslation('docFiles')
  const { token } = theme.useToken()
  return (
    <Flex align="center" gap="small" data-testid="doc-signature">
      <span>{t('sign.customer')}:</span>
      <AttachmentImage
        kind={kind}
        a={signature}
        style={{ height: 48, background: token.colorWhite, border: `1px solid ${token.colorBorderSecondary}` }}
      />
      <Typography.Text type="secondary">
        {t('sign.by', { name: signature.userName, time: new Date(signature.createTime).toLocaleString() })}
      </Typography.Text>
    </Flex>
  )
}
