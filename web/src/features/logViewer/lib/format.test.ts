import { describe, expect, it } from 'vitest'
import { findLevelBlocks, foldEnd, lineMarker } from '@/components/logViewer/parse'
import { formatOpLog, formatRow, rowLevel } from './format'
import type { OpLogRow } from '../types'

const row = (over: Partial<OpLogRow>): OpLogRow => ({
  id: 1,
  module: 'user',
  moduleName: '用户',
  content: '创建用户',
  requestUri: '/api/users/',
  method: 'POST',
  params: '',
  ip: '127.0.0.1',
  browser: '',
  os: '',
  executionTime: 12,
  status: 200,
  createBy: 'admin',
  createTime: new Date(2026, 0, 2, 3, 4, 5).toISOString(),
  ...over,
})

describe('operation log as text', () => {
  it('levels by status', () => {
    expect([rowLevel(200), rowLevel(404), rowLevel(409), rowLevel(500)]).toEqual(['INFO', 'WARN', 'WARN', 'ERROR'])
  })

  it('writes a tagged line the viewer marks, the status in a level block', () => {
    const text = formatRow(row({ status: 500 }))
    expect(text).toBe('[2026-01-02 03:04:05] [ERROR] admin 127.0.0.1 POST /api/users/ #logerrorlog#500#logerrorlog# 12 ms  用户 · 创建用户')
    expect(lineMarker(text)?.level).toBe('error')
    const [block] = findLevelBlocks(text)
    expect(block.level).toBe('error')
    expect(text.slice(block.contentFrom, block.contentTo)).toBe('500')
    expect(lineMarker(formatRow(row({ status: 400 })))?.level).toBe('warning')
    expect(findLevelBlocks(formatRow(row({})))[0].level).toBe('success')
  })

  it('puts the request body under its line, foldable; oldest first', () => {
    const text = formatOpLog([row({ id: 2, params: '{"a":1}\n{"b":2}', content: 'second' }), row({ id: 1, content: 'first' })])
    const lines = text.split('\n')
    expect(lines).toHaveLength(4)
    expect(lines[0]).toContain('first')
    expect(lines[1]).toContain('second')
    expect(lines.slice(2)).toEqual(['  {"a":1}', '  {"b":2}'])
    expect(foldEnd(lines, 1, 'log')).toBe(3)
  })
})
