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
    // On PGlite, test files share their worker's module cache instead of importing the whole app
    // again (decision 129: imports were 242 s of the PGlite pass, 13 s without isolation). Each
    // file still builds its own app on its own database clone (test/helpers.ts), and no API test
    // mocks a module, so nothing one file changes is seen by the next. On PostgreSQL each file
    // keeps its own process: a file that leaves a pool open would otherwise hold its connections
    // until the worker ends, and the server ran out ("too many clients").
    isolate: Boolean(process.env.TEST_DATABASE_URL),
  },
});
