// The notice content: HTML in a text area, a few buttons that wrap the
// selection in basic tags, and a preview.
import { useRef, useState, type ReactNode } from 'react'
import { Button, Flex, Input, Segmented, Space, theme, Tooltip } from 'antd'
import { BoldOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, UnorderedListOutlined } from '@ant-design/icons'
import type { TextAreaRef } from 'antd/es/input/TextArea'
import { useTranslation } from 'react-i18next'
import { SafeHtml } from './SafeHtml'

interface Props {
  value?: string
  onChange?: (v: string) => void
}

const wraps = {
  bold: ['<b>', '</b>'],
  italic: ['<i>', '</i>'],
  paragraph: ['<p>', '</p>'],
  heading: ['<h3>', '</h3>'],
  ul: ['<ul>\n<li>', '</li>\n</ul>'],
  ol: ['<ol>\n<li>', '</li>\n</ol>'],
  link: ['<a href="https://">', '</a>'],
} as const

export function ContentEditor({ value = '', onChange }: Props) {
  const { t } = useTranslation('notice')
  const { token } = theme.useToken()
  const [mode, setMode] = useState<'edit' | 'preview'>('edit')
  const ref = useRef<TextAreaRef>(null)

  const wrap = (kind: keyof typeof wraps) => {
    const el = ref.current?.resizableTextArea?.textArea
    const [open, close] = wraps[kind]
    const start = el?.selectionStart ?? value.length
    const end = el?.selectionEnd ?? value.length
    onChange?.(value.slice(0, start) + open + value.slice(start, end) + close + value.slice(end))
    requestAnimationFrame(() => {
      el?.focus()
      el?.setSelectionRange(start + open.length, end + open.length)
    })
  }

  const tool = (kind: keyof typeof wraps, icon: ReactNode) => (
    <Tooltip title={t(`editor.${kind}`)} key={kind}>
      <Button size="small" type="text" onClick={() => wrap(kind)} disabled={mode === 'preview'} aria-label={t(`editor.${kind}`)}>
        {icon}
      </Button>
    </Tooltip>
  )

  return (
    <div>
      <Flex justify="space-between" align="center" wrap gap="small" style={{ marginBottom: token.marginXS }}>
        <Space size={2} wrap>
          {tool('bold', <BoldOutlined />)}
          {tool('italic', <ItalicOutlined />)}
          {tool('heading', 'H')}
          {tool('paragraph', 'P')}
          {tool('ul', <UnorderedListOutlined />)}
          {tool('ol', <OrderedListOutlined />)}
          {tool('link', <LinkOutlined />)}
        </Space>
        <Segmented
          size="small"
          value={mode}
          onChange={(v) => setMode(v as 'edit' | 'preview')}
          options={[
            { value: 'edit', label: t('editor.edit') },
            { value: 'preview', label: t('editor.preview') },
          ]}
        />
      </Flex>
      {mode === 'edit' ? (
        <Input.TextArea
          ref={ref}
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
          autoSize={{ minRows: 8, maxRows: 18 }}
          placeholder={t('contentPlaceholder')}
          data-testid="notice-content"
        />
      ) : (
        <SafeHtml
          style={{
            minHeight: 180,
            padding: token.paddingSM,
            border: `${token.lineWidth}px ${token.lineType} ${token.colorBorder}`,
            borderRadius: token.borderRadius,
          }}
          html={value ?? ''}
        />
      )}
    </div>
  )
}
