import { defineConfig } from 'vitest/config';

/**
 * `*.load.test.ts` time the app under load (the receiver flood, decision 161): they run alone, in
 * their own step of `npm test` (`VITEST_LOAD=1`), never beside other test files that would share
 * the two cores and make the timing a measure of the suite instead of the app.
 */
const LOAD = process.env.VITEST_LOAD === '1';

export default defineConfig({
  test: {
    name: 'api',
    include: LOAD ? ['src/**/*.load.test.ts'] : ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: LOAD ? [] : ['**/node_modules/**', 'src/**/*.load.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    // close-apps.ts: closes the apps a file opened. query-overlap-guard.ts: fails a test that
    // sends a query on a pg client still executing another (pg 9 rejects it).
    setupFiles: ['test/close-apps.ts', 'test/query-overlap-guard.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Test files share their worker's module cache instead of importing the whole app again
    // (decisions 129 and 130: imports were 242 s of the PGlite pass, 13 s without isolation). Each
    // file still builds its own app on its own database clone (test/helpers.ts), and no API test
    // mocks a module, so nothing one file changes is seen by the next. test/close-apps.ts closes
    // the apps a file opened, so no pool outlives its file (on PostgreSQL the server ran out of
    // connections while they stayed open).
    isolate: false,
  },
});
