// Setup file (apps/api/vitest.config.ts): runs at the start of every API test file, so this
// `afterAll` belongs to the file and closes the apps `createTestApp` opened in it (decision 130).
import { afterAll } from 'vitest';
import { closeTestApps } from './helpers.js';

afterAll(closeTestApps);
