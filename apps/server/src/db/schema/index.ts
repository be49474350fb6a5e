export * from './auth.js';
export * from './mail.js';
export * from './organizations.js';
export * from './uploads.js';
export * from './payments.js';
export * from './domains.js';
export * from './events.js';
export * from './orders.js';
