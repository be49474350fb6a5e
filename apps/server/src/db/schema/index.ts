export * from './auth.js';
export * from './mail.js';
export * from './organizations.js';
export * from './uploads.js';
export * from './events.js';
