import { fileURLToPath } from 'node:url';

/**
 * `@agencia/shared/constants` → the zod-free constants module of the shared package.
 * The package entry runs `z.config(...)` as a side effect, which drags all of zod into whichever
 * chunk imports it; the public bundle only needs constants, so it imports them from here.
 * TODO(packages/shared/package.json): export "./constants" and drop this alias.
 */
export const sharedConstantsAlias = {
  '@agencia/shared/constants': fileURLToPath(
    new URL('../../packages/shared/src/constants.ts', import.meta.url),
  ),
};
