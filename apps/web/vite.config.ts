import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Mantine computes its default theme's whole set of CSS variables when its module loads, only to
 * compare a theme's variables with them when `MantineCssVariables` draws — which the pre-rendered
 * pages never do (decision 153). That was 2–11 ms (8–45 ms at 4× CPU slowdown) of the entry's
 * evaluation, the longest task of `/` and `/portfolio`'s start-up. This computes it on first use
 * instead (issue 49, decision 176); the build fails if a Mantine upgrade changes the module.
 */
function lazyMantineDefaultVariables(): Plugin {
  const file =
    /@mantine\/core\/esm\/core\/MantineProvider\/MantineCssVariables\/remove-default-variables\.mjs$/;
  const eager = 'const defaultCssVariables = defaultCssVariablesResolver(DEFAULT_THEME);';
  const body = 'function removeDefaultVariables(input) {';
  return {
    name: 'lazy-mantine-default-variables',
    transform(code, id) {
      if (!file.test(id)) return null;
      if (!code.includes(eager) || !code.includes(body))
        throw new Error(`lazy-mantine-default-variables: ${id} changed; update vite.config.ts`);
      return code
        .replace(eager, 'let defaultCssVariablesCache;')
        .replace(
          body,
          `${body}\n\tconst defaultCssVariables = (defaultCssVariablesCache ??= defaultCssVariablesResolver(DEFAULT_THEME));`,
        );
    },
  };
}

/** Where the dev server forwards `/api` and `/socket.io` (the Fastify app). */
const apiUrl = process.env.API_URL ?? 'http://localhost:3000';

/**
 * React Router's package `exports` name only its development build, which differs from the
 * production one in `ENABLE_DEV_WARNINGS = true` (route warnings, the default error page's
 * developer hints): the production build drops that code from the entry (decision 176).
 */
const reactRouterProduction = createRequire(import.meta.url)
  .resolve('react-router')
  .replace(/[\\/]development[\\/]index\.m?js$/, '/production/index.mjs');

export default defineConfig(({ command }) => ({
  plugins: [react(), lazyMantineDefaultVariables()],
  resolve: {
    alias:
      command === 'build' && reactRouterProduction.endsWith('/production/index.mjs')
        ? [{ find: /^react-router$/, replacement: reactRouterProduction }]
        : [],
  },
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
          groups: [
            { name: 'index', tags: ['$initial'] },
            // The portfolio page's own small dependencies that portal pages share (Chip's check
            // icon, Mantine's id and uncontrolled-value hooks, three icons): left alone they were
            // seven chunks of 94–727 bytes, each compressed alone and preloaded with a `<link>` of
            // its own while the router starts (decisions 153, 176). One chunk instead.
            {
              name: 'portfolio-shared',
              test: /@mantine\/core\/esm\/components\/Checkbox\/CheckIcon\.mjs|@mantine\/hooks\/esm\/(use-id\/use-id|use-uncontrolled\/use-uncontrolled|utils\/random-id\/random-id)\.mjs|@tabler\/icons-react\/dist\/esm\/icons\/Icon(BuildingBank|MessageCircle|Users)\.mjs/,
            },
          ],
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
}));
