// Assisting attributes (settings/assistSku): the attribute groups (colour,
// size …; assist types of kind 1) on the left, the values of the chosen
// group on the right.
import { useState } from 'react'
import { Button, Card, Col, Empty, Row, Space, Table, type TableColumnsType } from 'antd'
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { Auth } from '@/components/Auth'
import { confirmDelete } from '@/components/confirmDelete'
import { runBatch } from '@/features/master/lib/batch'
import { useAssistTypeMutations, useAssistTypes } from '../api'
import { AssistTypeDialog } from '../components/AssistTypeDialog'
import { CategoryTree } from '../components/CategoryTree'
import type { AssistType } from '../types'

export default function AssistSkuList() {
  const { t } = useTranslation('basicData')
  const groups = useAssistTypes(1)
  const { remove } = useAssistTypeMutations()
  const [picked, setPicked] = useState<number>()
  const [dialog, setDialog] = useState<{ open: boolean; row?: AssistType }>({ open: false })
  const list = groups.data ?? []
  const current = list.find((g) => g.id === picked) ?? list[0]

  const columns: TableColumnsType<AssistType> = [
    { title: t('assistSku.group'), dataIndex: 'name' },
    { title: t('number'), dataIndex: 'number', width: 110 },
    {
      title: t('list:actions'),
      key: 'actions',
      width: 90,
      render: (_, r) => (
        <Space size={0} onClick={(e) => e.stopPropagation()}>
          <Auth perm="settings:assistSku:update">
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              aria-label={t('list:edit')}
              onClick={() => setDialog({ open: true, row: r })}
              data-testid={`assistSku-group-edit-${r.name}`}
            />
          </Auth>
          <Auth perm="settings:assistSku:delete">
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('list:delete')}
              disabled={!!r.builtin}
              onClick={() =>
                confirmDelete({
                  name: r.name,
                  onOk: () =>
                    runBatch(
                      () => remove.mutateAsync([r.id]),
                      () => r.name,
                    ),
                })
              }
              data-testid={`assistSku-group-delete-${r.name}`}
            />
          </Auth>
        </Space>
      ),
    },
  ]

  return (
    <Row gutter={[16, 16]} data-view="settings/assistSku" data-testid="assistSku-view">
      <Col xs={24} lg={8}>
        <Card
          size="small"
          title={t('assistSku.groups')}
          extra={
            <Auth perm="settings:assistSku:add">
              <Button
                type="primary"
                size="small"
                icon={<PlusOutlined />}
                onClick={() => setDialog({ open: true })}
                data-testid="assistSku-group-add"
              >
                {t('list:add')}
              </Button>
            </Auth>
          }
        >
          <Table<AssistType>
            size="small"
            rowKey="id"
            columns={columns}
            dataSource={list}
            loading={groups.isFetching}
            pagination={false}
            data-testid="assistSku-groups"
            rowSelection={{ type: 'radio', selectedRowKeys: current ? [current.id] : [], onChange: (keys) => setPicked(Number(keys[0])) }}
            onRow={(r) => ({ onClick: () => setPicked(r.id), style: { cursor: 'pointer' } })}
          />
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card size="small" title={current ? t('assistSku.valuesOf', { group: current.name }) : t('assistSku.values')}>
          {current ? (
            <CategoryTree
              key={current.number}
              typeNumber={current.number}
              perm="settings:assistSku"
              name="assistSku"
              flat
              addTitle={t('assistSku.addValue')}
              editTitle={t('assistSku.editValue')}
            />
          ) : (
            <Empty description={t('assistSku.noGroups')} />
          )}
        </Card>
      </Col>
      <AssistTypeDialog state={dialog} onClose={() => setDialog({ open: false })} />
    </Row>
  )
}
