// The goods dialog's SKU tab: pick the attribute groups (colour, size …),
// then add SKUs, each one value of every group, with its own barcode. Saved
// SKUs keep their values; removing one asks the server (refused once a
// document uses it). Serial-numbered goods take no SKUs.
import { useEffect } from 'react'
import { Alert, Button, Form, Input, Select, Table, Tooltip, type FormInstance } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { confirmDelete } from '@/components/confirmDelete'
import { useDeleteSku } from '../api'
import { skuLabel, skuProblems, type GoodsValues, type SkuRowValues } from '../lib/goodsForm'
import type { GoodsRefs } from '../lib/useGoodsRefs'
import { noSubmitOnEnter } from './BasicTab'

export function SkuTab({ form, refs, invId }: { form: FormInstance<GoodsValues>; refs: GoodsRefs; invId?: number }) {
  const { t } = useTranslation('goods')
  const watchedTypeIds = Form.useWatch('skuTypeIds', { form, preserve: true }) as number[] | undefined
  const watchedSkus = Form.useWatch('skus', { form, preserve: true }) as SkuRowValues[] | undefined
  const typeIds = watchedTypeIds ?? []
  const skus = watchedSkus ?? []
  const serNum = Form.useWatch('isSerNum', { form, preserve: true })
  const hasSaved = skus.some((s) => s.id)
  const deleteSku = useDeleteSku()
  // the list's own check runs when rows come and go; run it again as values change once it has failed
  useEffect(() => {
    if (form.getFieldError(['skus']).length) void form.validateFields([['skus']]).catch(() => undefined)
  }, [form, watchedSkus, watchedTypeIds, serNum])
  const groupName = (id: number) => refs.attrGroups.find((g) => g.id === id)?.name ?? `#${id}`

  const problemText = (rows: SkuRowValues[]) =>
    skuProblems(form.getFieldValue('skuTypeIds') ?? [], rows ?? [], refs.groupOf, !!form.getFieldValue('isSerNum')).map((p) => {
      switch (p.kind) {
        case 'serNum':
          return t('skuSerNum')
        case 'noGroups':
          return t('skuNoGroups')
        case 'missing':
          return t('skuMissing', { row: p.row + 1, group: groupName(typeIds[p.group]) })
        case 'wrongGroup':
          return t('skuWrongGroup', { row: p.row + 1, group: groupName(typeIds[p.group]) })
        case 'duplicate':
          return t('skuDuplicate', { row: p.row + 1, of: p.of + 1 })
      }
    })

  const removeSaved = (index: number, row: SkuRowValues) =>
    confirmDelete({
      name: row.skuName || skuLabel(row.assistIds ?? [], refs.valueName),
      onOk: async () => {
        await deleteSku.mutateAsync({ invId: invId!, skuId: row.id! })
        const rows = (form.getFieldValue('skus') ?? []) as SkuRowValues[]
        form.setFieldValue(
          'skus',
          rows.filter((_, i) => i !== index),
        )
      },
    })

  return (
    <>
      {serNum && <Alert type="warning" showIcon title={t('skuSerNum')} style={{ marginBottom: 12 }} />}
      <Form.Item name="skuTypeIds" label={t('attrGroups')} extra={hasSaved ? t('attrGroupsLocked') : t('attrGroupsHint')}>
        <Select
          mode="multiple"
          allowClear
          disabled={hasSaved}
          optionFilterProp="label"
          options={refs.attrGroups.map((g) => ({ value: g.id, label: g.name }))}
          onChange={(ids: number[]) => {
            // unsaved SKUs follow the new groups: values of kept groups stay
            const rows = (form.getFieldValue('skus') ?? []) as SkuRowValues[]
            form.setFieldValue(
              'skus',
              rows.map((r) => ({ ...r, assistIds: ids.map((g) => (r.assistIds ?? []).find((v) => v && refs.groupOf(v) === g)) })),
            )
          }}
          data-testid="goods-sku-types"
        />
      </Form.Item>
      <Form.List
        name="skus"
        rules={[
          {
            validator: (_r, rows: SkuRowValues[]) => {
              const msgs = problemText(rows)
              return msgs.length ? Promise.reject(msgs.map((m) => new Error(m))) : Promise.resolve()
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <>
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={fields}
              scroll={{ x: 'max-content' }}
              data-testid="goods-skus"
              columns={[
                ...typeIds.map((typeId, g) => ({
                  title: groupName(typeId),
                  key: `g${typeId}`,
                  render: (_: unknown, f: { name: number }) => (
                    <Form.Item name={[f.name, 'assistIds', g]} style={{ marginBottom: 0 }}>
                      <Select
                        size="small"
                        showSearch
                        optionFilterProp="label"
                        disabled={!!skus[f.name]?.id}
                        options={refs
                          .valuesOf(typeId)
                          .filter((v) => !v.disable)
                          .map((v) => ({ value: v.id, label: v.name }))}
                        style={{ minWidth: 120 }}
                        data-testid={`goods-sku-value-${f.name}-${g}`}
                      />
                    </Form.Item>
                  ),
                })),
                {
                  title: t('barCode'),
                  key: 'barCode',
                  render: (_, f) => (
                    <Form.Item name={[f.name, 'barCode']} style={{ marginBottom: 0 }} rules={[{ max: 64 }]}>
                      <Input
                        size="small"
                        maxLength={64}
                        onKeyDown={noSubmitOnEnter}
                        style={{ minWidth: 150 }}
                        data-testid={`goods-sku-barcode-${f.name}`}
                      />
                    </Form.Item>
                  ),
                },
                {
                  key: 'del',
                  width: 40,
                  render: (_, f) => {
                    const row = skus[f.name]
                    return (
                      <Tooltip title={t('removeSku')}>
                        <Button
                          type="text"
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          loading={deleteSku.isPending && deleteSku.variables?.skuId === row?.id}
                          onClick={() => (row?.id && invId ? void removeSaved(f.name, row) : remove(f.name))}
                          data-testid={`goods-sku-remove-${f.name}`}
                        />
                      </Tooltip>
                    )
                  },
                },
              ]}
            />
            <Form.ErrorList errors={errors} />
            <Button
              type="dashed"
              block
              size="small"
              icon={<PlusOutlined />}
              disabled={!typeIds.length || !!serNum}
              onClick={() => add({ assistIds: typeIds.map(() => undefined), barCode: '' })}
              style={{ marginTop: 8 }}
              data-testid="goods-sku-add"
            >
              {t('addSku')}
            </Button>
          </>
        )}
      </Form.List>
    </>
  )
}
