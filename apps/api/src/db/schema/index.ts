/** Every Drizzle table; drizzle-kit reads this file to generate migrations. */
export * from './account.js';
export * from './audit.js';
export * from './billing.js';
export * from './calendar.js';
export * from './client-communications.js';
export * from './clients.js';
export * from './fiscal.js';
export * from './infra.js';
export * from './projects.js';
export * from './registration.js';
export * from './requests.js';
export * from './scheduling.js';
export * from './sessions.js';
export * from './settings.js';
export * from './sharing.js';
export * from './tickets.js';
export * from './users.js';
