import { writeFileSync } from 'node:fs'
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

// The app is served by the Go binary from web/dist (embedded); in development
// Vite proxies the API to a locally running binary on :8080.
export default defineConfig({
  base: './',
  plugins: [react(), keepGitkeep],
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
