import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // Test files share their worker's module cache and jsdom (decision 130): importing Mantine,
    // React and the app again for each of the 40 files was 70 of the project's 98 s. No web test
    // mocks a module; test/setup.ts puts the stores, toasts and storage back after each test.
    isolate: false,
    // Room for the 5 s `findBy…` wait (test/setup.ts) on a busy 2-core machine.
    testTimeout: 15_000,
  },
});
