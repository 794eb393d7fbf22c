// Payment methods (settings/payMethod): the values of type PayMethod, flat.
import { Card } from 'antd'
import { useTranslation } from 'react-i18next'
import { CategoryTree } from '../components/CategoryTree'
import { TYPE_PAY_METHOD } from '../types'

export default function PayMethodList() {
  const { t } = useTranslation('basicData')
  return (
    <Card size="small" title={t('payMethod.title')} data-view="settings/payMethod" data-testid="payMethod-view">
      <CategoryTree
        typeNumber={TYPE_PAY_METHOD}
        perm="settings:payMethod"
        name="payMethod"
        flat
        addTitle={t('payMethod.add')}
        editTitle={t('payMethod.edit')}
      />
    </Card>
  )
}
