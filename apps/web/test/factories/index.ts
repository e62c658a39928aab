// Builders of API-shaped test data, one file per domain; import them from `test/factories`.
export * from './billing';
export * from './calendar';
export * from './certification';
export * from './clients';
export * from './expenses';
export * from './projects';
export * from './proposals';
export * from './reports';
export * from './settings';
export * from './tasks';
export * from './tickets';
export * from './users';
