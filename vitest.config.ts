import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Test files run in this many worker processes at once. Vitest's own default in a run is one
 * fewer than the CPUs — a single worker on the 2-core CI machine, which left a core idle while the
 * API suite waited on PGlite (decision 129). `VITEST_MAX_WORKERS` overrides it (`scripts/test.mjs`
 * raises it for the PostgreSQL pass, whose workers mostly wait on the server).
 */
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, availableParallelism());

/** One Vitest run covers every workspace: `npx vitest run` (or `--project api`). */
export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      'packages/shared',
      'apps/api',
      'apps/web',
      // The repository scripts (plain Node): runtime choice, dependency and build checks.
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
    ],
  },
});
