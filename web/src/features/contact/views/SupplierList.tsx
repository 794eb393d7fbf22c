// settings/supplier
import { ContactList } from './ContactList'
import { SUPPLIER } from '../types'

export default function SupplierList() {
  return <ContactList type={SUPPLIER} />
}
