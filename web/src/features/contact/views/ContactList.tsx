// Customers or suppliers (settings/customer, settings/supplier): the
// category tree filters the shared master-data list (search by number, name,
// pinyin, contacts; sortable number, name, balance; show disabled; add/edit;
// enable/disable; delete with per-id results; import and export).
import { useMemo, useState } from 'react'
import { Card, Col, Row, type TableColumnsType } from 'antd'
import { useTranslation } from 'react-i18next'
import { MasterList } from '@/features/master/components/MasterList'
import { useScreenParams } from '@/features/sysconf/api'
import { format } from '@/utils/decimal'
import { contactApi, contactCache, contactKeys, exportContacts } from '../api'
import { CategoryFilter } from '../components/CategoryFilter'
import { ContactDialog, categoryTypeOf } from '../components/ContactDialog'
import type { Contact, ContactType } from '../types'
import { useCustomFields } from '@/features/customField/api'
import { customColumns } from '@/features/customField/lib/columns'
import '@/features/customField/catalogue'
import { useSession } from '@/stores/session'
import { contactMoney, moneyColumns } from '@/stores/money'

export function ContactList({ type }: { type: ContactType }) {
  const { t } = useTranslation('contact')
  const [categoryId, setCategoryId] = useState<number | undefined>()
  const customer = type === -10
  const name = customer ? 'customer' : 'supplier'
  const title = t(customer ? 'customers' : 'suppliers')
  const { t: tc } = useTranslation('customField')
  const customFields = useCustomFields(customer ? 'customer' : 'supplier')
  const user = useSession((st) => st.user)
  const resource = useMemo(
    () => ({ ...contactApi, exportList: (f: Record<string, unknown>, file: string) => exportContacts(type, f, file) }),
    [type],
  )

  // amounts with the system's amount places ("280.00", not "280")
  const A = Number(useScreenParams().data?.amountPlaces ?? 2)
  // the balance needs the sales (customers) or purchase (suppliers) right
  const columns: TableColumnsType<Contact> = moneyColumns<TableColumnsType<Contact>[number]>(
    [
      { title: t('number'), dataIndex: 'number', key: 'number', sorter: true, fixed: 'left' },
      { title: t('name'), dataIndex: 'name', key: 'name', sorter: true },
      { title: t('category'), dataIndex: 'categoryName' },
      ...(customer ? [{ title: t('cLevel'), dataIndex: 'cLevel', render: (l: number) => t(`level.${l ?? 0}`) }] : []),
      { title: t('contacter'), dataIndex: 'contacter' },
      { title: t('link.linkMobile'), dataIndex: 'mobile' },
      { title: t('link.linkPhone'), dataIndex: 'phone' },
      {
        title: t(customer ? 'receivable' : 'payable'),
        dataIndex: 'balance',
        key: 'balance',
        sorter: true,
        align: 'right',
        render: (v: number | string | null) => format(v, A),
      },
      ...customColumns<Contact>(customFields.data, [tc('yes'), tc('no')]),
    ],
    contactMoney(type),
    user,
  )

  return (
    <Row gutter={[16, 16]} data-testid={`${name}-page`}>
      <Col xs={24} lg={5}>
        <Card size="small" title={t('categories')} style={{ height: '100%' }}>
          <CategoryFilter
            typeNumber={categoryTypeOf(type)}
            value={categoryId}
            onChange={setCategoryId}
            data-testid={`${name}-category-tree`}
          />
        </Card>
      </Col>
      <Col xs={24} lg={19}>
        <MasterList<Contact>
          name={name}
          view={`settings/${name}`}
          perm={`settings:${name}`}
          resource={resource}
          queryKey={contactKeys.all}
          caches={contactCache(type)}
          columns={columns}
          title={title}
          fixed={{ type, categoryId }}
          searchHint={t('searchHint')}
          importExport
          renderDialog={(s, close) => <ContactDialog type={type} state={{ ...s, categoryId }} onClose={close} />}
        />
      </Col>
    </Row>
  )
}
