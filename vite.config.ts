import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { precompressPlugin } from './scripts/precompress.ts'

// The console is served under /sms-cloud/ (spec section 1). `npm run dev` proxies /api to the reference server.
// changeOrigin: the server sees its own host (localhost:5173 is not one of its PUBLIC_ORIGIN); the browser's requests
// stay same-origin to the dev server, which the origin check accepts.
const apiTarget = { target: process.env.API_TARGET ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`, changeOrigin: true }

export default defineConfig({
  base: '/sms-cloud/',
  plugins: [react(), tailwindcss(), precompressPlugin()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  worker: { format: 'es' },
  server: { port: 5173, proxy: { '/api': apiTarget, '/s/': apiTarget } },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500 },
})
