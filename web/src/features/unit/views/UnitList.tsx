// Units (settings/unit): the units (stand-alone ones are added, renamed and
// deleted here; those of a group through the group) and the unit groups,
// each with its base unit and the others' ratios to it.
import { useMemo, useState } from 'react'
import { Button, Card, Col, Input, Row, Space, Tag, Typography, type TableColumnsType } from 'antd'
import { CheckCircleOutlined, DeleteOutlined, EditOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons'
import { feedback } from '@/app/feedback'
import { useTranslation } from 'react-i18next'
import { Auth } from '@/components/Auth'
import { confirmDelete } from '@/components/confirmDelete'
import { ListTable } from '@/components/ListTable'
import { runBatch } from '@/features/master/lib/batch'
import { useUnitGroupMutations, useUnitGroups, useUnitMutations, useUnits } from '../api'
import { UnitDialog } from '../components/UnitDialog'
import { UnitGroupDialog } from '../components/UnitGroupDialog'
import type { Unit, UnitType } from '../types'

export default function UnitList() {
  const { t } = useTranslation('basicData')
  const units = useUnits()
  const groups = useUnitGroups()
  const unitOps = useUnitMutations()
  const groupOps = useUnitGroupMutations()
  const [unitDialog, setUnitDialog] = useState<{ open: boolean; row?: Unit }>({ open: false })
  const [groupDialog, setGroupDialog] = useState<{ open: boolean; row?: UnitType }>({ open: false })
  const [search, setSearch] = useState('')

  const toggleUnit = async (r: Unit) => {
    try {
      await runBatch(
        () => unitOps.disable.mutateAsync({ ids: [r.id], disable: r.disable ? 0 : 1 }),
        () => r.name,
      )
      feedback.message.success(t(r.disable ? 'enabledDone' : 'disabledDone'))
    } catch {
      /* shown */
    }
  }

  const shownUnits = useMemo(() => {
    const q = search.trim().toLowerCase()
    const all = units.data ?? []
    return q ? all.filter((u) => u.name.toLowerCase().includes(q) || (u.unitTypeName ?? '').toLowerCase().includes(q)) : all
  }, [units.data, search])

  const unitColumns: TableColumnsType<Unit> = [
    {
      title: t('unit.unitName'),
      dataIndex: 'name',
      render: (v: string, r) => (
        <Space size={4}>
          {v}
          {r.isBase && r.unitTypeId ? <Tag color="processing">{t('unit.baseUnit')}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t('unit.group'),
      dataIndex: 'unitTypeName',
      render: (v: string, r) => (r.unitTypeId ? v : <Typography.Text type="secondary">{t('unit.standAlone')}</Typography.Text>),
    },
    { title: t('unit.rate'), dataIndex: 'rate', align: 'right', render: (v: unknown) => String(v ?? '') },
    {
      title: t('status'),
      dataIndex: 'disable',
      width: 80,
      align: 'center',
      render: (d: number) => <Tag color={d ? 'default' : 'success'}>{t(d ? 'list:disabled' : 'list:enabled')}</Tag>,
    },
    {
      title: t('list:actions'),
      key: 'actions',
      width: 200,
      render: (_, r) =>
        r.unitTypeId ? null : (
          <Space size={0}>
            <Auth perm="settings:unit:update">
              <Button
                type="link"
                size="small"
                icon={<EditOutlined />}
                onClick={() => setUnitDialog({ open: true, row: r })}
                data-testid={`unit-edit-${r.name}`}
              >
                {t('list:edit')}
              </Button>
              <Button
                type="link"
                size="small"
                icon={r.disable ? <CheckCircleOutlined /> : <StopOutlined />}
                onClick={() => void toggleUnit(r)}
                data-testid={`unit-toggle-${r.name}`}
              >
                {t(r.disable ? 'enable' : 'disable')}
              </Button>
            </Auth>
            <Auth perm="settings:unit:delete">
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() =>
                  confirmDelete({
                    name: r.name,
                    onOk: () =>
                      runBatch(
                        () => unitOps.remove.mutateAsync([r.id]),
                        () => r.name,
                      ),
                  })
                }
                data-testid={`unit-delete-${r.name}`}
              >
                {t('list:delete')}
              </Button>
            </Auth>
          </Space>
        ),
    },
  ]

  const groupColumns: TableColumnsType<UnitType> = [
    { title: t('unit.groupName'), dataIndex: 'name' },
    {
      title: t('unit.units'),
      dataIndex: 'units',
      render: (list: Unit[]) => {
        const base = list?.find((u) => u.isBase) ?? list?.[0]
        return (list ?? []).map((u) => (
          <Tag key={u.id} color={u === base ? 'processing' : undefined} style={{ marginInlineEnd: 4 }}>
            {u === base ? u.name : t('unit.equals', { unit: u.name, rate: String(u.rate), base: base?.name ?? '' })}
          </Tag>
        ))
      },
    },
    {
      title: t('list:actions'),
      key: 'actions',
      width: 160,
      render: (_, r) => (
        <Space size={0}>
          <Auth perm="settings:unitType:update">
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setGroupDialog({ open: true, row: r })}
              data-testid={`unitType-edit-${r.name}`}
            >
              {t('list:edit')}
            </Button>
          </Auth>
          <Auth perm="settings:unitType:delete">
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() =>
                confirmDelete({
                  name: r.name,
                  onOk: () =>
                    runBatch(
                      () => groupOps.remove.mutateAsync([r.id]),
                      () => r.name,
                    ),
                })
              }
              data-testid={`unitType-delete-${r.name}`}
            >
              {t('list:delete')}
            </Button>
          </Auth>
        </Space>
      ),
    },
  ]

  return (
    <Row gutter={[16, 16]} data-view="settings/unit" data-testid="unit-view">
      <Col xs={24} xl={11}>
        <Card size="small" title={t('unit.unitsTitle')} data-testid="unit-list">
          <ListTable<Unit>
            rowKey="id"
            columns={unitColumns}
            dataSource={shownUnits}
            loading={units.isFetching}
            pagination={shownUnits.length > 20 ? { pageSize: 20, size: 'small' } : false}
            onRefresh={() => void units.refetch()}
            toolbar={
              <>
                <Auth perm="settings:unit:add">
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => setUnitDialog({ open: true })} data-testid="unit-add">
                    {t('list:add')}
                  </Button>
                </Auth>
                <Input.Search
                  allowClear
                  placeholder={t('unit.searchHint')}
                  onSearch={setSearch}
                  onChange={(e) => !e.target.value && setSearch('')}
                  style={{ width: 180 }}
                  data-testid="unit-search"
                />
              </>
            }
          />
        </Card>
      </Col>
      <Col xs={24} xl={13}>
        <Card size="small" title={t('unit.groupsTitle')} data-testid="unitType-list">
          <ListTable<UnitType>
            rowKey="id"
            columns={groupColumns}
            dataSource={groups.data ?? []}
            loading={groups.isFetching}
            pagination={false}
            onRefresh={() => void groups.refetch()}
            toolbar={
              <Auth perm="settings:unitType:add">
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setGroupDialog({ open: true })} data-testid="unitType-add">
                  {t('unit.addGroup')}
                </Button>
              </Auth>
            }
          />
        </Card>
      </Col>
      <UnitDialog state={unitDialog} onClose={() => setUnitDialog({ open: false })} />
      <UnitGroupDialog state={groupDialog} onClose={() => setGroupDialog({ open: false })} />
    </Row>
  )
}
