export * from './auth.js';
export * from './organizations.js';
