import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { fileURLToPath, URL } from 'node:url'
import { defineConfig, type Plugin } from 'vitest/config'
import react from '@vitejs/plugin-react'

const outDir = fileURLToPath(new URL('./dist', import.meta.url))

// dist/.gitkeep is committed (Go embeds dist/ and must build without Node);
// emptyOutDir removes it, so put it back after every build.
const keepGitkeep: Plugin = {
  name: 'cangshu-keep-gitkeep',
  apply: 'build',
  closeBundle() {
    writeFileSync(`${outDir}/.gitkeep`, '')
  },
}

// The Go server serves name.br / name.gz beside each file by Accept-Encoding
// (internal/server/static.go): write them once here, at the best levels,
// for every compressible file that gets smaller.
const compressible = /\.(js|mjs|css|html|svg|json|txt|map)$/
const precompress: Plugin = {
  name: 'cangshu-precompress',
  apply: 'build',
  closeBundle() {
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) => {
        const p = join(dir, n)
        return statSync(p).isDirectory() ? walk(p) : [p]
      })
    for (const file of walk(outDir).filter((f) => compressible.test(f))) {
      const raw = readFileSync(file)
      if (raw.length < 512) continue
      const br = brotliCompressSync(raw, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
      })
      const gz = gzipSync(raw, { level: 9 })
      if (br.length < raw.length) writeFileSync(`${file}.br`, br)
      if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz)
    }
  },
}

// The app is served by the Go binary from web/dist (embedded); in development
// Vite proxies the API to a locally running binary on :8080.
export default defineConfig({
  base: './',
  plugins: [react(), keepGitkeep, precompress],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/prod-api': { target: 'http://127.0.0.1:8080', changeOrigin: true },
    },
  },
  build: {
    outDir,
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
})
