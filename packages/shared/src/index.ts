import './zod-locale.js';

export * from './api.js';
export * from './auth.js';
export * from './clients.js';
export * from './constants.js';
export * from './invoices.js';
export * from './money.js';
export * from './notifications.js';
export * from './registration.js';
export * from './reports.js';
export * from './roles.js';
export * from './settings.js';
export * from './validators.js';
