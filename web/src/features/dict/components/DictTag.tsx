// A dictionary value shown as its label in the item's tag colour; the tag
// colours map onto antd's status colours (no colour literals).
import type { ReactNode } from 'react'
import { Tag, type TagProps } from 'antd'
import { findDictItem, useDictItems } from '../cache'
import type { TagType } from '../types'

const colors: Record<string, TagProps['color']> = {
  success: 'success',
  warning: 'warning',
  danger: 'error',
  primary: 'processing',
  info: 'default',
}

/** antd's colour for a tag type; undefined = plain text. */
export function tagColor(type: TagType | string | undefined): TagProps['color'] | undefined {
  return type ? colors[type] : undefined
}

/** A label in its tag type's colour (plain text without one). */
export function TypedTag({ type, children }: { type?: TagType | string; children: ReactNode }) {
  const color = tagColor(type)
  if (!color) return <span>{children}</span>
  return <Tag color={color}>{children}</Tag>
}

/** The label of value in dictionary code; the raw value while unknown. */
export function DictTag({ code, value }: { code: string; value: unknown }) {
  const { data } = useDictItems(code)
  if (value === undefined || value === null || value === '') return null
  const item = findDictItem(data, value)
  return <TypedTag type={item?.tagType}>{item?.label ?? String(value)}</TypedTag>
}
