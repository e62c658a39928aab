// Bundles the API (TypeScript + the shared workspace package) into dist/ with esbuild.
// Third-party packages stay external and load from node_modules at run time
// (PGlite needs its .wasm/.data files next to its own module).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
// Bundled too (decision 179): pure-JavaScript packages made of hundreds of small ES modules, whose
// resolution and loading were a third of the server's start-up — drizzle-orm alone 265 ms. zod and
// the zod type provider go together, so the app and the provider share one zod (its instanceof checks).
const BUNDLED = new Set(['drizzle-orm', 'zod', 'fastify-type-provider-zod']);
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@agencia/') && !BUNDLED.has(d));

await build({
  entryPoints: {
    // dist/server.js turns on the compile cache, then loads dist/server-main.js (decision 175).
    server: 'src/server-entry.ts',
    'server-main': 'src/server.ts',
    'cli/create-admin': 'src/cli/create-admin.ts',
    'cli/backup': 'src/cli/backup.ts',
    'cli/restore': 'src/cli/restore.ts',
    // The e-CF receiver's worker thread (ecf-receiver-pool.ts loads it beside server.js).
    'ecf-receiver-worker': 'src/modules/ecf-receiver/ecf-receiver-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  sourcemap: true,
  external: [...external, 'pg-native'],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
console.info(
  'api: built dist/server.js (+ server-main.js), dist/ecf-receiver-worker.js and dist/cli/{create-admin,backup,restore}.js',
);
