import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, IMAGE_MIN_BYTES } from './constants.js';
import { validateImageFile } from './images.js';

const sizeMessage = 'Image must be between 50KB and 750KB';
const typeMessage = 'Only JPG, PNG, or GIF files are allowed';

describe('validateImageFile', () => {
  it.each(['image/jpeg', 'image/png', 'image/gif'])('accepts %s inside the size range', (type) => {
    expect(validateImageFile({ size: 200 * 1024, type })).toBeNull();
  });

  it('accepts exactly 50 KB and exactly 750 KB', () => {
    expect(validateImageFile({ size: IMAGE_MIN_BYTES, type: 'image/png' })).toBeNull();
    expect(validateImageFile({ size: IMAGE_MAX_BYTES, type: 'image/png' })).toBeNull();
  });

  it('refuses one byte under 50 KB and one byte over 750 KB', () => {
    expect(validateImageFile({ size: IMAGE_MIN_BYTES - 1, type: 'image/jpeg' })).toBe(sizeMessage);
    expect(validateImageFile({ size: IMAGE_MAX_BYTES + 1, type: 'image/jpeg' })).toBe(sizeMessage);
    expect(validateImageFile({ size: 0, type: 'image/gif' })).toBe(sizeMessage);
  });

  it.each(['image/webp', 'image/svg+xml', 'application/pdf', 'text/html', ''])('refuses the type %j', (type) => {
    expect(validateImageFile({ size: 200 * 1024, type })).toBe(typeMessage);
  });

  it('treats the declared type case-insensitively', () => {
    expect(validateImageFile({ size: 200 * 1024, type: 'IMAGE/PNG' })).toBeNull();
  });

  it('reports the type before the size when both are wrong', () => {
    expect(validateImageFile({ size: 5 * 1024 * 1024, type: 'application/pdf' })).toBe(typeMessage);
  });
});
