import { describe, expect, it } from 'vitest'
import { operations, search, type OpenAPIDoc } from './lib'

const doc: OpenAPIDoc = {
  paths: {
    '/api/backup/download': {
      get: { summary: "A backup's zip file (?name=); ROOT only", tags: ['backup'], 'x-permission': 'settings:backup:download' },
    },
    '/api/users/{id}/form': {
      get: {
        summary: 'A user for editing',
        tags: ['user'],
        'x-permission': 'sys:user:edit',
        parameters: [{ name: 'id', in: 'path', required: true }],
      },
    },
    '/api/auth/login': { post: { summary: 'Sign in', tags: ['auth'], security: [], 'x-operation-log': 'log.login' } },
  },
}

describe('API doc', () => {
  it('flattens operations with permission, parameters and public routes', () => {
    const rows = operations(doc)
    expect(rows.map((r) => r.key)).toEqual(
      ['GET /api/backup/download', 'POST /api/auth/login', 'GET /api/users/{id}/form'].sort((a, b) =>
        a.split(' ')[1].localeCompare(b.split(' ')[1]),
      ),
    )
    const dl = rows.find((r) => r.path === '/api/backup/download')!
    expect(dl.params).toEqual([{ name: 'name', in: 'query', required: false }])
    expect(dl.permission).toBe('settings:backup:download')
    expect(rows.find((r) => r.path === '/api/auth/login')!.public).toBe(true)
    expect(rows.find((r) => r.path === '/api/users/{id}/form')!.params[0]).toEqual({ name: 'id', in: 'path', required: true })
  })
  it('searches path, permission, summary and parameters, every word', () => {
    const rows = operations(doc)
    expect(search(rows, 'backup').map((r) => r.path)).toEqual(['/api/backup/download'])
    expect(search(rows, 'SYS:USER').map((r) => r.path)).toEqual(['/api/users/{id}/form'])
    expect(search(rows, 'zip root').length).toBe(1)
    expect(search(rows, 'zip nothing').length).toBe(0)
    expect(search(rows, '  ').length).toBe(3)
  })
  it('reads and searches the descriptions the server gives in the Chinese UI', () => {
    const zh: OpenAPIDoc = {
      paths: {
        '/api/sales/check': {
          post: { summary: '销货单：审核（?id=1,2）；逐个返回结果', tags: ['sales'], 'x-permission': 'sales:sales:check' },
        },
        '/api/purchase/check': { post: { summary: '购货单：审核（?id=1,2）；逐个返回结果', tags: ['purchase'] } },
      },
    }
    const rows = operations(zh)
    expect(rows.find((r) => r.path === '/api/sales/check')!.params).toEqual([{ name: 'id', in: 'query', required: false }])
    expect(search(rows, '审核').length).toBe(2)
    expect(search(rows, '销货单 审核').map((r) => r.path)).toEqual(['/api/sales/check'])
  })
})
