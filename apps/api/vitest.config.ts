import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Test files share their worker's module cache instead of importing the whole app again
    // (decision 129: imports were 242 s of the PGlite pass, 13 s without isolation). Each file still
    // builds its own app on its own database clone (test/helpers.ts), and no API test mocks a
    // module, so nothing one file changes is seen by the next.
    isolate: false,
  },
});
