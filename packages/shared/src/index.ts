export * from './auth.js';
export * from './constants.js';
export * from './organization.js';
