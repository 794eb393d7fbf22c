// Message, modal and notification for code outside components (the HTTP
// client) and for views alike. The themed instances come from
// <FeedbackHolder/> (antd's hooks, inside the ConfigProvider), which loads on
// first use so that the sign-in page does not ship the modal and
// notification code. Calls made before it is there wait for it.
import type { MessageInstance } from 'antd/es/message/interface'
import type { NotificationInstance } from 'antd/es/notification/interface'
import type { ModalFuncProps } from 'antd'

export interface ModalApi {
  info: (props: ModalFuncProps) => unknown
  confirm: (props: ModalFuncProps) => unknown
  success: (props: ModalFuncProps) => unknown
  error: (props: ModalFuncProps) => unknown
  warning: (props: ModalFuncProps) => unknown
}

export interface FeedbackApi {
  message: MessageInstance
  modal: ModalApi
  notification: NotificationInstance
}

/** Message popups: 3000 ms, 16 px from the top. Notifications: 4500 ms, top right. */
export const messageConfig = { top: 16, duration: 3 }
export const notificationConfig = { placement: 'topRight' as const, duration: 4.5 }

let instance: FeedbackApi | null = null
let queue: ((api: FeedbackApi) => void)[] = []
let requestHolder: () => void = () => {}

/** Called by the providers: how to mount the holder when first needed. */
export function onFeedbackNeeded(fn: () => void) {
  requestHolder = fn
  if (queue.length) fn()
}

/** Called by the holder once its hooks are ready (null on unmount). */
export function setFeedback(api: FeedbackApi | null) {
  instance = api
  if (!api) return
  const pending = queue
  queue = []
  for (const call of pending) call(api)
}

type Fn = (...args: unknown[]) => unknown

function defer(part: keyof FeedbackApi, methods: string[]) {
  const out: Record<string, Fn> = {}
  for (const method of methods) {
    out[method] = (...args: unknown[]) => {
      const call = (api: FeedbackApi) => (api[part] as unknown as Record<string, Fn>)[method](...args)
      if (instance) return call(instance)
      queue.push(call)
      requestHolder()
      return undefined
    }
  }
  return out
}

const kinds = ['success', 'error', 'info', 'warning']

export const feedback: FeedbackApi = {
  message: defer('message', [...kinds, 'loading', 'open', 'destroy']) as unknown as MessageInstance,
  modal: defer('modal', [...kinds, 'confirm']) as unknown as ModalApi,
  notification: defer('notification', [...kinds, 'open', 'destroy']) as unknown as NotificationInstance,
}
