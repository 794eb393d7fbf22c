// @vitest-environment node
// The import rules (.dependency-cruiser.cjs, run by `npm run lint`) catch what
// they exist for: fixtures/import-rules breaks them on purpose.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const web = fileURLToPath(new URL('../..', import.meta.url))
const fixture = fileURLToPath(new URL('../../fixtures/import-rules', import.meta.url))

interface Violation {
  rule: { name: string }
  from: string
  to: string
}

/** dependency-cruiser over the fixture, as `npm run depcruise` runs it over src/. */
function depcruise(outputType: 'err' | 'json') {
  const cli = `${web}node_modules/dependency-cruiser/bin/dependency-cruise.mjs`
  const args = [cli, 'src', '--config', `${web}.dependency-cruiser.cjs`, '--output-type', outputType]
  return spawnSync(process.execPath, args, { cwd: fixture, encoding: 'utf8' })
}

describe('import rules', () => {
  const violations = (JSON.parse(depcruise('json').stdout) as { summary: { violations: Violation[] } }).summary.violations
  const found = violations.map((v) => `${v.rule.name} ${v.from} → ${v.to}`).sort()

  it('fail the lint on a violation', () => {
    const run = depcruise('err')
    expect(run.status).not.toBe(0)
    expect(run.stdout).toContain('no-circular')
  })
  it('find an import cycle, also through the @/ alias and of type-only imports', () => {
    expect(found).toContain('no-circular src/utils/a.ts → src/utils/b.ts')
    expect(found).toContain('no-circular src/app/x.ts → src/app/y.ts')
  })
  it('find a lower layer importing a higher one, and nothing else', () => {
    expect(found.filter((f) => !f.startsWith('no-circular'))).toEqual(['layer-utils-locales src/utils/c.ts → src/stores/s.ts'])
  })
})
