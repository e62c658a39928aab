import './zod-locale.js';

export * from './api.js';
export * from './audit.js';
export * from './auth.js';
export * from './constants.js';
export * from './dashboard.js';
export * from './money.js';
export * from './notifications.js';
export * from './permissions.js';
export * from './profile.js';
export * from './projects.js';
export * from './requests.js';
export * from './roles.js';
export * from './settings.js';
export * from './users.js';
export * from './validators.js';
