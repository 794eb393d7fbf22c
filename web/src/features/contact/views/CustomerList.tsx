// settings/customer
import { ContactList } from './ContactList'
import { CUSTOMER } from '../types'

export default function CustomerList() {
  return <ContactList type={CUSTOMER} />
}
