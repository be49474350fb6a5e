export * from './constants.js';
export * from './images.js';
