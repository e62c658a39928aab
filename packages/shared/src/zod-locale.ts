import { z } from 'zod';

/**
 * Spanish default messages for every zod schema (zod 4 ships an `es` locale).
 * Imported for its side effect by `index.ts`, so both the API and the web app
 * report validation errors in Spanish unless a schema gives its own message.
 */
z.config(z.locales.es());

// In a browser, zod must not probe for `eval` (`new Function`): the app's CSP (`script-src 'self'`)
// forbids it and Chrome reports every probe as a CSP violation. The API keeps zod's compiled path.
if ('document' in globalThis) z.config({ jitless: true });
