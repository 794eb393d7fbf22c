// antd's message, modal and notification hooks, inside the ConfigProvider so
// that they follow the theme and language; handed to app/feedback.ts.
import { useEffect } from 'react'
import { message, Modal, notification } from 'antd'
import { messageConfig, notificationConfig, setFeedback } from './feedback'

export default function FeedbackHolder() {
  const [messageApi, messageHolder] = message.useMessage(messageConfig)
  const [modalApi, modalHolder] = Modal.useModal()
  const [notificationApi, notificationHolder] = notification.useNotification(notificationConfig)
  useEffect(() => {
    setFeedback({ message: messageApi, modal: modalApi, notification: notificationApi })
    return () => setFeedback(null)
  }, [messageApi, modalApi, notificationApi])
  return (
    <>
      {messageHolder}
      {modalHolder}
      {notificationHolder}
    </>
  )
}
