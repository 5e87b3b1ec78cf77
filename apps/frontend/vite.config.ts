import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const root = fileURLToPath(new URL('.', import.meta.url));
const contractsSrc = fileURLToPath(new URL('../../libs/contracts/src/', import.meta.url));

/**
 * The SPA build. `@archlens/contracts/*` resolves to the library's TypeScript sources so that
 * neither `vite dev` nor `vite build` depends on `libs/contracts/dist`. Every text file of the
 * build (scripts, styles, HTML, SVG, JSON) also gets a brotli (`.br`) and a gzip (`.gz`) copy
 * beside it, compressed once here at the highest levels, for the gateway to send as they are
 * (apps/gateway/src/spa/spa.ts); a copy that would not be smaller is not written. Besides the
 * `VITE_*` variables, `WHATSAPP_PHONE` (the WhatsApp widget's number) is read at build time.
 */
export default defineConfig({
  root,
  envPrefix: ['VITE_', 'WHATSAPP_PHONE'],
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
  resolve: {
    alias: [{ find: /^@archlens\/contracts\/(.+)$/, replacement: `${contractsSrc}$1.ts` }],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});
