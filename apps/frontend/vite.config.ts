import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const contractsSrc = fileURLToPath(new URL('../../libs/contracts/src/', import.meta.url));

/**
 * The SPA build. `@archlens/contracts/*` resolves to the library's TypeScript sources so that
 * neither `vite dev` nor `vite build` depends on `libs/contracts/dist`.
 */
export default defineConfig({
  root,
  plugins: [react()],
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
