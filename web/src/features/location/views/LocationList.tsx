// Warehouses (settings/invlocation): number, name, address, keeper, phone,
// negative stock, shops, status; shop filter for those who manage shops.
import { Form, Select, Tag, type TableColumnsType } from 'antd'
import { useTranslation } from 'react-i18next'
import { MasterList } from '@/features/master/components/MasterList'
import { useSession } from '@/stores/session'
import { can } from '@/stores/permission'
import { locationApi, locationCaches, locationKeys, useShopChoices } from '../api'
import { LocationDialog } from '../components/LocationDialog'
import type { Location } from '../types'

export default function LocationList() {
  const { t } = useTranslation('basicData')
  const me = useSession((s) => s.user)
  const allShops = can('sys:shop:query', me)
  const shops = useShopChoices()

  const columns: TableColumnsType<Location> = [
    { title: t('number'), dataIndex: 'number', sorter: true, width: 120 },
    { title: t('name'), dataIndex: 'name', sorter: true },
    { title: t('address'), dataIndex: 'address', ellipsis: true },
    { title: t('location.keeper'), dataIndex: 'keeper' },
    { title: t('phone'), dataIndex: 'phone' },
    {
      title: t('location.allowNegative'),
      dataIndex: 'allowNegative',
      align: 'center',
      render: (v: number) => (v ? <Tag color="warning">{t('list:yes')}</Tag> : t('list:no')),
    },
    {
      title: t('location.shops'),
      dataIndex: 'shopNames',
      render: (s: string) =>
        (s ?? '')
          .split(',')
          .filter(Boolean)
          .map((n) => (
            <Tag key={n} style={{ marginInlineEnd: 4 }}>
              {n}
            </Tag>
          )),
    },
    { title: t('remark'), dataIndex: 'remark', ellipsis: true },
  ]

  return (
    <MasterList<Location>
      name="location"
      view="settings/invlocation"
      perm="settings:invlocation"
      resource={locationApi}
      queryKey={locationKeys.all}
      caches={locationCaches}
      columns={columns}
      title={t('location.title')}
      searchItems={
        allShops && (
          <Form.Item name="shopId" label={t('location.shop')}>
            <Select
              allowClear
              style={{ width: 160 }}
              options={shops.data ?? []}
              optionFilterProp="label"
              showSearch
              data-testid="location-search-shop"
            />
          </Form.Item>
        )
      }
      renderDialog={(state, close) => <LocationDialog state={state} onClose={close} />}
    />
  )
}
