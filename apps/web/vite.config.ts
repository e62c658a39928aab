import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where the dev server forwards `/api` and `/socket.io` (the Fastify app). */
const apiUrl = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: false,
    // Mantine core alone is ~300 KB minified; the default 500 KB warning is for a single chunk.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every module the entry imports statically goes into the entry chunk. Left to itself,
          // Rolldown split the ones that lazy chunks share (Mantine's Box, React, TanStack's
          // useQuery…) into ten small chunks that every page preloads anyway: more requests, and
          // 5.5 KB more gzip (each file compresses alone, plus the import/export glue) (decision 134).
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiUrl, changeOrigin: true },
      '/socket.io': { target: apiUrl, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiUrl, changeOrigin: true },
      '/socket.io': { target: apiUrl, changeOrigin: true, ws: true },
    },
  },
});
