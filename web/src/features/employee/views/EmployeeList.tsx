// Staff (settings/employee): number, name, mobile, status, remark.
import type { TableColumnsType } from 'antd'
import { useTranslation } from 'react-i18next'
import { MasterList } from '@/features/master/components/MasterList'
import { employeeApi, employeeCaches, employeeKeys } from '../api'
import { EmployeeDialog } from '../components/EmployeeDialog'
import type { Employee } from '../types'

export default function EmployeeList() {
  const { t } = useTranslation('basicData')
  const columns: TableColumnsType<Employee> = [
    { title: t('number'), dataIndex: 'number', sorter: true, width: 140 },
    { title: t('name'), dataIndex: 'name', sorter: true },
    { title: t('mobile'), dataIndex: 'mobile' },
    { title: t('remark'), dataIndex: 'remark', ellipsis: true },
  ]
  return (
    <MasterList<Employee>
      name="employee"
      view="settings/employee"
      perm="settings:employee"
      resource={employeeApi}
      queryKey={employeeKeys.all}
      caches={employeeCaches}
      columns={columns}
      title={t('employee.title')}
      renderDialog={(state, close) => <EmployeeDialog state={state} onClose={close} />}
    />
  )
}
