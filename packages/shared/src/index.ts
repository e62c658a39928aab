import './zod-locale.js';

export * from './api.js';
export * from './auth.js';
export * from './constants.js';
export * from './money.js';
export * from './notifications.js';
export * from './requests.js';
export * from './roles.js';
export * from './settings.js';
export * from './validators.js';
