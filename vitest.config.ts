import { defineConfig } from 'vitest/config';

/** One Vitest run covers every workspace: `npx vitest run` (or `--project api`). */
export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'apps/api',
      'apps/web',
      // The repository scripts (plain Node): runtime choice, dependency and build checks.
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
    ],
  },
});
