import { z } from 'zod';

/**
 * Spanish default messages for every zod schema (zod 4 ships an `es` locale).
 * Imported for its side effect by `index.ts`, so both the API and the web app
 * report validation errors in Spanish unless a schema gives its own message.
 */
z.config(z.locales.es());
