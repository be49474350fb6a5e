export * from './auth.js';
export * from './constants.js';
export * from './dates.js';
export * from './events.js';
export * from './images.js';
export * from './organization.js';
export * from './money.js';
export * from './domains.js';
