// Print templates (settings/printTemplate): per document kind, the shop's
// templates (one is the default the print preview uses), edited in a form
// beside a live preview of a sample document on the template's paper. The
// line columns are chosen and ordered (up and down, or dragged): the
// preview and the documents' print follow the order.
import '@/features/settings/catalogue'
import { useState } from 'react'
import { Button, Card, Checkbox, Col, Form, Input, InputNumber, Popconfirm, Row, Select, Space, Switch, Table, Tag } from 'antd'
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { feedback } from '@/app/feedback'
import { Auth } from '@/components/Auth'
import { submitWithFieldErrors } from '@/features/profile/lib/submitWithFieldErrors'
import { useScreenParams } from '@/features/sysconf/api'
import { format, mul } from '@/utils/decimal'
import {
  breakAfter,
  builtinLayout,
  papers,
  paperWidth,
  printColumns,
  useDeletePrintTemplate,
  usePrintTemplates,
  useSavePrintTemplate,
  type PrintLayout,
  type PrintTemplate,
} from '../api'
import { ColumnOrder } from '../components/ColumnOrder'
import { chosenInOrder } from '../lib/columns'

const kinds = ['purOrder', 'purchase', 'rePurchase', 'salesOrder', 'sales', 'reSales', 'invTf', 'otherIn', 'otherOut', 'receipt', 'payment']

type Values = Omit<PrintTemplate, 'id' | 'kind' | 'signatures'> & { signatures: string }

export default function PrintTemplates() {
  const { t } = useTranslation('settings')
  const [kind, setKind] = useState('sales')
  const list = usePrintTemplates(kind)
  const remove = useDeletePrintTemplate()
  const [editing, setEditing] = useState<Partial<PrintTemplate> | null>(null)
  return (
    <Card
      data-view="settings/printTemplate"
      data-testid="printtpl-view"
      title={t('printtpl.title')}
      extra={
        <Space>
          <Select
            value={kind}
            onChange={(k) => {
              setKind(k)
              setEditing(null)
            }}
            style={{ width: 180 }}
            options={kinds.map((k) => ({ value: k, label: t(`printtpl.kinds.${k}`) }))}
            data-testid="printtpl-kind"
          />
          <Auth perm="settings:printTemplate:update">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ ...builtinLayout, kind, name: '', isDefault: !(list.data ?? []).length })}
              data-testid="printtpl-add"
            >
              {t('printtpl.add')}
            </Button>
          </Auth>
        </Space>
      }
    >
      <Table<PrintTemplate>
        size="small"
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        locale={{ emptyText: t('printtpl.none') }}
        data-testid="printtpl-table"
        columns={[
          {
            title: t('printtpl.name'),
            dataIndex: 'name',
            render: (v: string, r) =>
              r.isDefault ? (
                <Space>
                  {v}
                  <Tag color="blue">{t('printtpl.default')}</Tag>
                </Space>
              ) : (
                v
              ),
          },
          { title: t('printtpl.paper'), dataIndex: 'paper', render: (v: string) => t(`printtpl.papers.${v}`) },
          { title: t('printtpl.linesPerPage'), dataIndex: 'linesPerPage', render: (v: number) => v || t('printtpl.unlimited') },
          {
            title: t('actions'),
            key: 'a',
            render: (_, r) => (
              <Auth perm="settings:printTemplate:update">
                <Space>
                  <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(r)} data-testid="printtpl-edit">
                    {t('edit')}
                  </Button>
                  <Popconfirm title={t('printtpl.deleteConfirm', { name: r.name })} onConfirm={() => remove.mutate(r.id)}>
                    <Button size="small" danger icon={<DeleteOutlined />} />
                  </Popconfirm>
                </Space>
              </Auth>
            ),
          },
        ]}
      />
      {editing && <Editor key={`${editing.id ?? 'new'}-${kind}`} kind={kind} tpl={editing} onDone={() => setEditing(null)} />}
    </Card>
  )
}

function Editor({ kind, tpl, onDone }: { kind: string; tpl: Partial<PrintTemplate>; onDone: () => void }) {
  const { t } = useTranslation('settings')
  const [form] = Form.useForm<Values>()
  const save = useSavePrintTemplate()
  const initial: Values = {
    ...builtinLayout,
    ...tpl,
    name: tpl.name ?? '',
    isDefault: !!tpl.isDefault,
    signatures: (tpl.signatures ?? []).join(', '),
  } as Values
  const watched = Form.useWatch([], form) as Values | undefined
  const v = { ...initial, ...watched }
  const layout: PrintLayout = {
    ...v,
    columns: chosenInOrder(v.columns ?? [], printColumns),
    signatures: splitSignatures(v.signatures),
  }
  const submit = async (values: Values) => {
    const body = {
      ...values,
      id: tpl.id,
      kind,
      columns: chosenInOrder(values.columns ?? [], printColumns),
      signatures: splitSignatures(values.signatures),
      linesPerPage: values.linesPerPage ?? 0,
    }
    if (await submitWithFieldErrors(form, () => save.mutateAsync(body))) {
      feedback.message.success(t('saved'))
      onDone()
    }
  }
  return (
    <Row gutter={24} style={{ marginTop: 16 }}>
      <Col xs={24} xl={9}>
        <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={submit} data-testid="printtpl-form">
          <Form.Item name="name" label={t('printtpl.name')}>
            <Input maxLength={50} data-testid="printtpl-name" />
          </Form.Item>
          <Form.Item name="isDefault" label={t('printtpl.default')} valuePropName="checked">
            <Switch data-testid="printtpl-default" />
          </Form.Item>
          <Form.Item name="title" label={t('printtpl.docTitle')} extra={t('printtpl.titleHint')}>
            <Input maxLength={50} data-testid="printtpl-title" />
          </Form.Item>
          <Space wrap>
            <Form.Item name="showCompany" valuePropName="checked">
              <Checkbox>{t('printtpl.showCompany')}</Checkbox>
            </Form.Item>
            <Form.Item name="showAddress" valuePropName="checked">
              <Checkbox>{t('printtpl.showAddress')}</Checkbox>
            </Form.Item>
            <Form.Item name="showPhone" valuePropName="checked">
              <Checkbox>{t('printtpl.showPhone')}</Checkbox>
            </Form.Item>
            <Form.Item name="capitals" valuePropName="checked">
              <Checkbox data-testid="printtpl-capitals">{t('printtpl.capitals')}</Checkbox>
            </Form.Item>
            <Form.Item name="customerSignature" valuePropName="checked">
              <Checkbox data-testid="printtpl-customer-signature">{t('printtpl.customerSignature')}</Checkbox>
            </Form.Item>
          </Space>
          <Form.Item name="columns" label={t('printtpl.columns')} extra={t('printtpl.columnsHint')}>
            <ColumnOrder all={printColumns} />
          </Form.Item>
          <Space wrap>
            <Form.Item name="paper" label={t('printtpl.paper')}>
              <Select
                style={{ width: 200 }}
                options={papers.map((p) => ({ value: p, label: t(`printtpl.papers.${p}`) }))}
                data-testid="printtpl-paper"
              />
            </Form.Item>
            <Form.Item name="linesPerPage" label={t('printtpl.linesPerPage')} extra={t('printtpl.linesHint')}>
              <InputNumber min={0} max={100} precision={0} data-testid="printtpl-lines" />
            </Form.Item>
          </Space>
          <Form.Item name="signatures" label={t('printtpl.signatures')} extra={t('printtpl.signaturesHint')}>
            <Input data-testid="printtpl-signatures" />
          </Form.Item>
          <Space>
            <Button onClick={onDone}>{t('printtpl.cancel')}</Button>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="printtpl-save">
              {t('save')}
            </Button>
          </Space>
        </Form>
      </Col>
      <Col xs={24} xl={15}>
        <Sample kind={kind} layout={layout} />
      </Col>
    </Row>
  )
}

const splitSignatures = (s: string | undefined) =>
  (s ?? '')
    .split(/[,，、]/)
    .map((x) => x.trim())
    .filter(Boolean)

/** A sample document printed with the layout (three lines, page breaks shown as dashed rules). */
function Sample({ kind, layout: l }: { kind: string; layout: PrintLayout }) {
  const { t } = useTranslation('settings')
  const sys = useScreenParams().data
  const lines = [1, 2, 3].map((i) => ({
    i,
    goods: t('printtpl.sample.goods', { n: i }),
    spec: '500ml',
    unit: t('printtpl.sample.unit'),
    qty: 10 * i,
    price: '3.50',
  }))
  const cell = { border: '1px solid currentColor', padding: '2px 6px', fontSize: 12 }
  return (
    <Card size="small" title={t('printtpl.preview')} data-testid="printtpl-preview">
      <div
        style={{
          width: paperWidth(l),
          maxWidth: '100%',
          overflow: 'auto',
          padding: 12,
          border: '1px dashed',
          borderColor: 'var(--ant-color-border)',
        }}
      >
        <div style={{ textAlign: 'center' }}>
          {l.showCompany && <div style={{ fontSize: 18, fontWeight: 600 }}>{sys?.companyName}</div>}
          <div style={{ fontSize: 16, margin: '4px 0' }} data-testid="printtpl-preview-title">
            {l.title || t(`printtpl.kinds.${kind}`)}
          </div>
          <div style={{ fontSize: 12 }}>
            {[l.showAddress && sys?.companyAddress, l.showPhone && sys?.companyPhone].filter(Boolean).join('  ')}
          </div>
        </div>
        <table style={{ borderCollapse: 'collapse', width: '100%', marginTop: 8 }}>
          <thead>
            <tr>
              {l.columns.map((c) => (
                <th key={c} style={cell} data-testid="printtpl-preview-col" data-col={c}>
                  {t(`printtpl.cols.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lines.map((x, i) => (
              <tr key={x.i} style={breakAfter(l, i, lines.length) ? { borderBottom: '2px dashed' } : undefined}>
                {l.columns.map((c) => (
                  <td key={c} style={cell}>
                    {
                      {
                        no: x.i,
                        goods: x.goods,
                        spec: x.spec,
                        unit: x.unit,
                        qty: x.qty,
                        price: x.price,
                        amount: format(mul(x.qty, x.price), 2),
                      }[c]
                    }
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {l.capitals && (
          <div style={{ fontSize: 12, marginTop: 8 }} data-testid="printtpl-preview-capitals">
            {t('printtpl.sample.capitals')}
          </div>
        )}
        <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 24, fontSize: 12 }}>
          {(l.signatures.length ? l.signatures : [t('printtpl.sample.handler'), t('printtpl.sample.receiver')]).map((s, i) => (
            <span key={i} data-testid="printtpl-preview-signature">
              {s}: ________
            </span>
          ))}
        </div>
      </div>
    </Card>
  )
}
