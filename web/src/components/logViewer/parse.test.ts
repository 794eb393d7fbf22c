// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { findLevelBlocks, findLinks, foldEnd, lineMarker, linkLabel, parseLink } from './parse'

describe('lineMarker', () => {
  it.each([
    ['[2026-01-01 12:00:00] [ERROR] disk full', 'error', 'ERROR'],
    ['[INFO] started', 'info', 'INFO'],
    ['[2026-01-01 12:00:00] WARN: slow query', 'warning', 'WARN'],
    ['[12:00:00][warning] low stock', 'warning', 'warning'],
    ['[main/Fatal] crashed', 'error', 'Fatal'],
    ['[2026-01-01 12:00:00 INFO] inline level', 'info', 'INFO'],
    ['[2026-01-01] 错误：库存不足', 'error', '错误'],
    ['[2026-01-01] [警告] 即将过期', 'warning', '警告'],
    ['[x] - error: trailing dash', 'error', 'error'],
  ])('%s → %s', (line, level, word) => {
    const m = lineMarker(line)
    expect(m?.level).toBe(level)
    expect(line.slice(m!.markerFrom, m!.markerTo)).toBe(word)
  })

  it('records the leading tags', () => {
    const line = '[2026-01-01 12:00:00] [ERROR] disk full'
    const m = lineMarker(line)!
    expect(m.tags.map(([a, b]) => line.slice(a, b))).toEqual(['[2026-01-01 12:00:00]', '[ERROR]'])
    expect(line.slice(m.tagsEnd)).toBe(' disk full')
  })

  it.each([
    'ERROR without a tag',
    ' [ERROR] indented',
    '[2026-01-01 12:00:00] all good',
    '[INFOS] not a marker word',
    '[2026-01-01] informational text',
    '',
  ])('no marker: %s', (line) => {
    expect(lineMarker(line)).toBeNull()
  })
})

describe('findLinks', () => {
  it('extracts links with offsets and their JSON', () => {
    const text = 'saved #link#{"name":"x.log","url":"/api/files/1"}#link# and #link#{"url":"https://e.com/a/b.zip?x=1"}#link#.'
    const links = findLinks(text, 10)
    expect(links).toHaveLength(2)
    expect(text.slice(links[0].from - 10, links[0].to - 10)).toBe('#link#{"name":"x.log","url":"/api/files/1"}#link#')
    expect(links[0].link).toEqual({ name: 'x.log', url: '/api/files/1' })
    expect(linkLabel(links[0].link!)).toBe('x.log')
    expect(linkLabel(links[1].link!)).toBe('b.zip')
  })

  it('keeps bad JSON as a token without a link', () => {
    const [bad] = findLinks('#link#{nope}#link#')
    expect(bad.json).toBe('{nope}')
    expect(bad.link).toBeNull()
    expect(parseLink('[1,2]')).toBeNull()
    expect(parseLink('{"size": 3}')).toBeNull()
    expect(parseLink('{"name": "  "}')).toBeNull()
  })

  it('needs both markers on one line', () => {
    expect(findLinks('#link#{"name":"a"}')).toEqual([])
    expect(findLinks('#link#{"name":\n"a"}#link#')).toEqual([])
    const [after] = findLinks('#link# broken\n#link#{"name":"a"}#link#')
    expect(after.link).toEqual({ name: 'a' })
  })
})

describe('findLevelBlocks', () => {
  it('finds blocks by level, across lines', () => {
    const text = 'a #logerrorlog#bad#logerrorlog# b #logsuccesslog#line1\nline2#logsuccesslog#'
    const blocks = findLevelBlocks(text)
    expect(blocks.map((b) => [b.level, text.slice(b.contentFrom, b.contentTo)])).toEqual([
      ['error', 'bad'],
      ['success', 'line1\nline2'],
    ])
    const [first] = blocks
    expect(text.slice(first.openFrom, first.contentFrom)).toBe('#logerrorlog#')
    expect(text.slice(first.contentTo, first.closeTo)).toBe('#logerrorlog#')
  })

  it('normalises warn, closes on the same level, leaves unclosed markers', () => {
    const text = '#logwarnlog#x #loginfolog# y#logwarnlog# #loginfolog#open'
    const blocks = findLevelBlocks(text)
    expect(blocks.map((b) => [b.level, text.slice(b.contentFrom, b.contentTo)])).toEqual([['warning', 'x #loginfolog# y']])
    expect(findLevelBlocks('#logerrorlog# never closed')).toEqual([])
    expect(findLevelBlocks('#logdebuglog#x#logdebuglog#')).toEqual([])
  })
})

describe('foldEnd', () => {
  const lines = [
    '[10:00] [ERROR] failed',
    '  at a()',
    '  at b()',
    '[10:01] [INFO] next',
    '#logwarninglog#start',
    'middle',
    'end#logwarninglog#',
    'plain',
  ]
  it('folds a tagged line with its continuation lines', () => {
    expect(foldEnd(lines, 0, 'log')).toBe(2)
    expect(foldEnd(lines, 3, 'log')).toBe(7) // in log mode the block lines are plain continuations
    expect(foldEnd(['[a] INFO x', '[b] INFO y', ''], 0, 'log')).toBeNull()
    expect(foldEnd(['[a] INFO x', '', '  after a blank'], 0, 'log')).toBeNull()
    expect(foldEnd(lines, 1, 'log')).toBeNull()
  })
  it('folds level blocks in fclog mode only', () => {
    expect(foldEnd(lines, 4, 'fclog')).toBe(6)
    expect(foldEnd(lines, 4, 'log')).toBeNull()
    expect(foldEnd(lines, 7, 'fclog')).toBeNull()
  })
})
