// FormDialog: an antd Modal holding a Form. OK (or Enter in a field)
// validates and calls onSubmit(values); on success it shows "saved" and
// closes; on failure the server's field errors ({errors: {field: msg}}, keys
// are JSON field names, nested as `entries[2].qty`) appear on the matching
// fields, and the message (plus errors of fields not in the form) pops up.
// Call the API with { silent: true } so the message is not shown twice.
// The form starts from initialValues each time it opens; pass loading while
// they are fetched (the form mounts once they are there).
//
//   <FormDialog open={open} title={t('addUser')} initialValues={{ status: 1 }}
//     onSubmit={(v) => save.mutateAsync(v)} onClose={() => setOpen(false)}>
//     <Form.Item name="username" label={t('username')} rules={[{ required: true }]}><Input /></Form.Item>
//   </FormDialog>
import { useLayoutEffect, useState, type ReactNode } from 'react'
import { Form, Modal, Skeleton, type FormInstance, type FormProps } from 'antd'
import { useTranslation } from 'react-i18next'
import { feedback } from '@/app/feedback'
import { ApiError } from '@/api/http'

export type NamePath = (string | number)[]

/** 'entries[2].qty' → ['entries', 2, 'qty'] */
export function toNamePath(key: string): NamePath {
  const out: NamePath = []
  for (const part of key.split('.')) {
    const re = /([^[\]]+)|\[(\d+)\]/g
    let m: RegExpExecArray | null
    while ((m = re.exec(part))) out.push(m[2] !== undefined ? Number(m[2]) : m[1])
  }
  return out
}

function hasPath(values: unknown, path: NamePath): boolean {
  let cur: unknown = values
  for (const p of path) {
    if (cur === null || typeof cur !== 'object' || !(p in (cur as object))) return false
    cur = (cur as Record<string | number, unknown>)[p]
  }
  return true
}

export interface MappedErrors {
  /** errors for fields of the form */
  fields: { name: NamePath; errors: string[] }[]
  /** messages of fields the form does not have */
  rest: string[]
}

/**
 * Splits a server error's field errors into those of the form's fields
 * (values = form.getFieldsValue(): every registered name) and the rest.
 */
export function mapServerErrors(err: unknown, values: object): MappedErrors {
  const out: MappedErrors = { fields: [], rest: [] }
  const errors = err instanceof ApiError ? err.errors : (err as { errors?: Record<string, string> } | null)?.errors
  if (!errors) return out
  for (const [key, msg] of Object.entries(errors)) {
    const name = toNamePath(key)
    if (name.length && hasPath(values, name)) out.fields.push({ name, errors: [msg] })
    else out.rest.push(msg)
  }
  return out
}

/** What to pop up for a failed submit: the message, and errors not shown on fields. */
export function failureMessage(err: unknown, mapped: MappedErrors): string {
  const msg = err instanceof Error ? err.message : String(err ?? '')
  const extra = mapped.rest.filter((m) => m && m !== msg)
  return [msg, ...extra].filter(Boolean).join('; ')
}

/**
 * The form instance outlives the dialog's content (destroyed when hidden), and
 * a remounted Form keeps the values in its store: start from initialValues
 * each time the content mounts, before it paints. It must come after the
 * fields (a field not mounted yet ignores the reset).
 */
function ResetOnMount({ form }: { form: FormInstance }) {
  useLayoutEffect(() => {
    form.resetFields()
  }, [form])
  return null
}

export interface FormDialogProps<V> {
  open: boolean
  title: ReactNode
  initialValues?: Partial<V>
  /** the save; rejects with the ApiError */
  onSubmit: (values: V) => Promise<unknown>
  onClose: () => void
  /** after a successful save (the dialog closes itself) */
  onSuccess?: (result: unknown) => void
  /** message after saving; false for none */
  successMessage?: string | false
  form?: FormInstance<V>
  loading?: boolean
  width?: number
  layout?: FormProps['layout']
  labelCol?: FormProps['labelCol']
  okText?: ReactNode
  children: ReactNode
  'data-testid'?: string
}

export function FormDialog<V extends object>({
  open,
  title,
  initialValues,
  onSubmit,
  onClose,
  onSuccess,
  successMessage,
  form: external,
  loading,
  width = 600,
  layout = 'horizontal',
  labelCol = { flex: '96px' },
  okText,
  children,
  ...rest
}: FormDialogProps<V>) {
  const { t } = useTranslation('list')
  const [own] = Form.useForm<V>()
  const form = external ?? own
  const [saving, setSaving] = useState(false)

  const finish = async (values: V) => {
    setSaving(true)
    try {
      const result = await onSubmit(values)
      if (successMessage !== false) feedback.message.success(successMessage ?? t('saved'))
      onSuccess?.(result)
      onClose()
    } catch (err) {
      const mapped = mapServerErrors(err, form.getFieldsValue())
      if (mapped.fields.length) form.setFields(mapped.fields as never)
      const msg = failureMessage(err, mapped)
      if (msg) feedback.message.error(msg)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={okText ?? t('ok')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'dialog-ok', disabled: loading }}
      destroyOnHidden
      forceRender={false}
      maskClosable={false}
    >
      {loading ? (
        <Skeleton active />
      ) : (
        <Form<V>
          form={form}
          layout={layout}
          labelCol={layout === 'horizontal' ? labelCol : undefined}
          initialValues={initialValues}
          onFinish={finish}
          data-testid={rest['data-testid'] ?? 'form-dialog'}
          scrollToFirstError
        >
          {children}
          {/* Enter in a field submits the form */}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
          {/* last: its effect runs once the fields have mounted */}
          <ResetOnMount form={form} />
        </Form>
      )}
    </Modal>
  )
}
