// Page forms (not dialogs) submitting to the server: the server's field
// errors land on the form's fields, the message (and errors of fields the
// form lacks) pops up. The same mapping as FormDialog.
import type { FormInstance } from 'antd'
import { feedback } from '@/app/feedback'
import { failureMessage, mapServerErrors } from '@/components/FormDialog'

/** Runs save; on failure shows the errors and resolves false. */
export async function submitWithFieldErrors(form: FormInstance, save: () => Promise<unknown>): Promise<boolean> {
  try {
    await save()
    return true
  } catch (err) {
    const mapped = mapServerErrors(err, form.getFieldsValue())
    if (mapped.fields.length) form.setFields(mapped.fields as never)
    const msg = failureMessage(err, mapped)
    if (msg) feedback.message.error(msg)
    return false
  }
}
