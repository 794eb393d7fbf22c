// "Pick from documents": the contact's audited goods documents (and their
// returns) not fully invoiced, with what is left to invoice; the selected
// ones add their lines, prefilled with what is left (returns negative).
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useQueries } from '@tanstack/react-query'
import { Modal, Table } from 'antd'
import { format, mul } from '@/utils/decimal'
import { docApi, docKeys } from '@/features/document/api'
import { docKinds, type DocKindName } from '@/features/document/kinds'
import type { Dec, Document } from '@/features/document/types'
import type { InvoiceKind } from '../kinds'
import { signOf } from '../kinds'
import { leftOfDocument, linesFromDocument, type Places } from '../lib/invoice'
import type { InvoiceLine } from '../types'
import { InvoiceStateTag } from './InvoiceStateTag'

interface Row {
  key: string
  src: DocKindName
  doc: Document
}

const signed = (v: Dec | undefined, src: string, places: number) => (v === undefined ? '' : format(mul(v, signOf(src)), places))

export function PickDocuments({
  kind,
  buId,
  places,
  money,
  onAdd,
  onClose,
}: {
  kind: InvoiceKind
  buId: number
  places: Places
  money: boolean
  onAdd: (lines: InvoiceLine[]) => void
  onClose: () => void
}) {
  const { t } = useTranslation('invoice')
  const [picked, setPicked] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const lists = useQueries({
    queries: kind.sources.map((src) => ({
      queryKey: [...docKeys.list(docKinds[src]), 'toInvoice', buId],
      queryFn: () => docApi(docKinds[src]).list({ page: 1, rows: 200, buId, checked: 1, invoiceState: '0,1', sidx: 'date', sord: 'asc' }),
      staleTime: 0,
    })),
  })
  const rows: Row[] = lists
    .flatMap((q, i) => (q.data?.rows ?? []).map((doc) => ({ key: `${kind.sources[i]}:${doc.id}`, src: kind.sources[i], doc })))
    .sort((a, b) => a.doc.date.localeCompare(b.doc.date) || a.doc.id - b.doc.id)
  const A = places.amount

  const add = async () => {
    setBusy(true)
    try {
      const chosen = rows.filter((r) => picked.includes(r.key))
      const docs = await Promise.all(chosen.map((r) => docApi(docKinds[r.src]).get(r.doc.id)))
      onAdd(docs.flatMap((d, i) => linesFromDocument(d, chosen[i].src, places)))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open
      width={860}
      title={t('pick.title', { contact: t(`document:contact.${kind.contact}`) })}
      onCancel={onClose}
      onOk={() => void add()}
      okText={t('action.add')}
      okButtonProps={{ disabled: !picked.length, loading: busy, 'data-testid': 'invoice-pick-add' } as never}
      destroyOnHidden
    >
      <Table<Row>
        size="small"
        rowKey="key"
        loading={lists.some((q) => q.isFetching)}
        dataSource={rows}
        pagination={false}
        scroll={{ y: 380 }}
        rowSelection={{ selectedRowKeys: picked, onChange: (keys) => setPicked(keys.map(String)) }}
        onRow={(r) => ({ 'data-testid': `invoice-pick-${r.doc.billNo}` }) as never}
        columns={[
          { title: t('field.srcKind'), key: 'src', width: 110, render: (_: unknown, r: Row) => t(`document:kind.${r.src}`) },
          { title: t('field.srcBill'), key: 'billNo', render: (_: unknown, r: Row) => r.doc.billNo },
          { title: t('field.srcDate'), key: 'date', width: 110, render: (_: unknown, r: Row) => r.doc.date },
          ...(money
            ? [
                {
                  title: t('field.billTotal'),
                  key: 'total',
                  align: 'right' as const,
                  render: (_: unknown, r: Row) => signed(r.doc.totalTaxAmount, r.src, A),
                },
                {
                  title: t('field.invoiced'),
                  key: 'invoiced',
                  align: 'right' as const,
                  render: (_: unknown, r: Row) => signed(r.doc.invoicedAmount, r.src, A),
                },
                {
                  title: t('field.left'),
                  key: 'left',
                  align: 'right' as const,
                  render: (_: unknown, r: Row) => format(leftOfDocument(r.doc, r.src), A),
                },
              ]
            : []),
          {
            title: t('field.invoiceState'),
            key: 'state',
            width: 110,
            render: (_: unknown, r: Row) => <InvoiceStateTag state={r.doc.invoiceState} />,
          },
        ]}
      />
    </Modal>
  )
}
