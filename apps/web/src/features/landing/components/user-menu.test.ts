import { describe, expect, it } from 'vitest';
import { userInitial } from './user-menu';

describe('userInitial', () => {
  it('takes the first letter of the name, else of the e-mail, upper-cased', () => {
    expect(userInitial('ada Lovelace', 'x@example.com')).toBe('A');
    expect(userInitial(null, 'grace@example.com')).toBe('G');
    expect(userInitial('  ', 'grace@example.com')).toBe('G');
  });

  it('falls back to a question mark without either', () => {
    expect(userInitial(undefined, null)).toBe('?');
  });
});
