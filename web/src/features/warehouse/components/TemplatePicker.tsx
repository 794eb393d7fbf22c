// The combination page's template row: pick a template and a product
// quantity, fill the lines from it (the parts scaled by the server), or
// save the lines entered as a new template.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useQueryClient } from '@tanstack/react-query'
import { Button, Col, Form, Input, Row, Select, Space, theme } from 'antd'
import { ApiError } from '@/api/http'
import { feedback } from '@/app/feedback'
import { useCache } from '@/features/cache/api'
import type { CachedGoods } from '@/components/DocGrid/lib/goodsSearch'
import type { DocState } from '@/features/document/types'
import { templateApi, templateKeys, useTemplates } from '../api'
import { linesFromTemplate, templateFromLines } from '../lib/template'
import '@/features/warehouse/catalogue'

export function TemplatePicker({ state, edit }: { state: DocState; edit: (f: (s: DocState) => DocState) => void }) {
  const { t } = useTranslation('warehouse')
  const { token } = theme.useToken()
  const qc = useQueryClient()
  const templates = useTemplates()
  const goods = useCache<CachedGoods & { id: number }>('goods')
  const warehouses = useCache('warehouses')
  const [id, setId] = useState<number>()
  const [qty, setQty] = useState('1')
  const [name, setName] = useState('')
  const [busy, setBusy] = useState(false)
  const list = templates.data?.items ?? []

  const apply = async () => {
    const tpl = list.find((x) => x.id === id)
    if (!tpl) return
    setBusy(true)
    try {
      const applied = await templateApi.apply(tpl.id, qty.trim() || '1')
      const loc = state.header.locationId ?? 0
      const lines = linesFromTemplate(applied, goods.byId, loc, String(warehouses.byId.get(loc)?.name ?? ''))
      const put = () => {
        edit((s) => ({ ...s, lines }))
        feedback.message.success(t('template.applied', { name: tpl.name, count: lines.length }))
      }
      if (state.lines.some((l) => l.invId))
        feedback.modal.confirm({ title: t('template.replaceTitle'), content: t('template.replaceContent'), onOk: put })
      else put()
    } catch (e) {
      feedback.message.error((e as Error).message)
    } finally {
      setBusy(false)
    }
  }

  const saveAs = async () => {
    const body = templateFromLines(name, state.lines)
    if (!body) {
      feedback.message.error(t('template.needLines'))
      return
    }
    setBusy(true)
    try {
      const saved = await templateApi.save(body)
      feedback.message.success(t('template.saved', { name: saved.name }))
      setName('')
      setId(saved.id)
      void qc.invalidateQueries({ queryKey: templateKeys.all })
    } catch (e) {
      const err = e as ApiError
      feedback.message.error(Object.values(err.errors ?? {})[0] ?? err.message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Row gutter={token.marginSM} data-testid="doc-template">
      <Col xs={24} md={12}>
        <Form.Item label={t('template.pick')}>
          <Space.Compact style={{ width: '100%' }}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              allowClear
              style={{ minWidth: 180, flex: 1 }}
              placeholder={t('template.pickHint')}
              value={id}
              onChange={setId}
              loading={templates.isLoading}
              options={list.map((x) => ({ value: x.id, label: `${x.name} (${x.invName ?? ''})` }))}
              data-testid="doc-template-pick"
            />
            <Input
              style={{ width: 90 }}
              inputMode="decimal"
              title={t('template.qty')}
              placeholder={t('template.qty')}
              value={qty}
              onChange={(e) => setQty(e.target.value)}
              data-testid="doc-template-qty"
            />
            <Button disabled={!id || busy} loading={busy} onClick={() => void apply()} data-testid="doc-template-apply">
              {t('template.apply')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label={t('template.saveAs')}>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              placeholder={t('template.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              data-testid="doc-template-name"
            />
            <Button disabled={!name.trim() || busy} onClick={() => void saveAs()} data-testid="doc-template-save">
              {t('template.saveAs')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Col>
    </Row>
  )
}
