// "Make from order": audited orders of the contact still to fulfil; picking
// one fills the receipt/delivery from its pending lines.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useQuery } from '@tanstack/react-query'
import { Input, Modal, Table, Tag } from 'antd'
import { docApi, docKeys } from '../api'
import type { DocKind } from '../kinds'
import type { Document } from '../types'

export function OrderPicker({
  kind,
  buId,
  onPick,
  onClose,
}: {
  kind: DocKind
  buId?: number
  onPick: (id: number) => void
  onClose: () => void
}) {
  const { t } = useTranslation('document')
  const [matchCon, setMatchCon] = useState('')
  const q = useQuery({
    queryKey: [...docKeys.list(kind), 'picker', buId ?? 0, matchCon],
    queryFn: () => docApi(kind).list({ page: 1, rows: 100, checked: 1, buId, matchCon: matchCon || undefined, sidx: 'date', sord: 'desc' }),
  })
  const rows = (q.data?.rows ?? []).filter((d) => d.billStatus === 0 || d.billStatus === 1)
  return (
    <Modal open title={t('picker.title', { kind: t(`kind.${kind.name}`) })} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <Input.Search
        allowClear
        placeholder={t('list.matchCon')}
        onSearch={setMatchCon}
        style={{ marginBottom: 8 }}
        data-testid="order-picker-search"
      />
      <Table<Document>
        size="small"
        rowKey="id"
        loading={q.isFetching}
        dataSource={rows}
        pagination={false}
        scroll={{ y: 360 }}
        onRow={(r) => ({ onClick: () => onPick(r.id), style: { cursor: 'pointer' }, 'data-testid': `order-pick-${r.billNo}` }) as never}
        columns={[
          { title: t('field.billNo'), dataIndex: 'billNo' },
          { title: t('field.date'), dataIndex: 'date', width: 110 },
          { title: t(`contact.${kind.contact}`), dataIndex: 'contactName' },
          { title: t('field.deliveryDate'), dataIndex: 'deliveryDate', width: 110 },
          { title: t('field.totalQty'), dataIndex: 'totalQty', align: 'right', width: 90 },
          { title: t('field.billStatus'), dataIndex: 'billStatus', width: 110, render: (v: number) => <Tag>{t(`billStatus.${v}`)}</Tag> },
        ]}
      />
    </Modal>
  )
}
