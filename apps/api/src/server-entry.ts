import module from 'node:module';
import { SERVER_LOAD_MARK } from './lib/startup-mark.js';

/**
 * `dist/server.js`, the production entry (issue 49, decision 175): turns on Node's compile cache
 * before anything else loads, then loads the server (`dist/server-main.js`, built from
 * `server.ts`). The server's static imports — a few hundred modules of fastify, drizzle, PGlite,
 * PDF and mail libraries — are all compiled before its first line runs, so the cache can only be
 * enabled from a module that loads it afterwards. The cache holds V8's compiled code per file
 * (keyed by the file's contents and the Node version) in `NODE_COMPILE_CACHE` when set, else in
 * the system's temporary folder; `NODE_DISABLE_COMPILE_CACHE=1` turns it off.
 */
module.enableCompileCache?.();
// Where the server's start-up begins (`npm start` runs it in the process that installed and built).
performance.mark(SERVER_LOAD_MARK);
// Not a literal specifier: esbuild must leave the server as a separate file, not inline it here
// (where its imports would be hoisted above the line above).
const main = new URL('./server-main.js', import.meta.url);
await import(main.href);
