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
