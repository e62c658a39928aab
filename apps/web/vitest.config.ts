import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { sharedConstantsAlias } from './shared-alias.ts';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: { alias: sharedConstantsAlias },
  test: {
    name: 'web',
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
  },
});
