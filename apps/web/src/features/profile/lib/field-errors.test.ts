import { describe, expect, it } from 'vitest';
import { describeFieldErrors } from './field-errors';

describe('a refused profile save', () => {
  it('names the field and opens the tab holding it', () => {
    expect(describeFieldErrors({ primary_color: 'Use a colour like #00ea6f' })).toEqual({
      tab: 'branding',
      message: 'Some fields need a fix before saving: Primary Colour.',
    });
    expect(describeFieldErrors({ website_url: 'Must be a web address' })).toEqual({
      tab: 'general',
      message: 'Some fields need a fix before saving: Website.',
    });
  });

  it('opens the tab of the first field on screen and names the others with their tab', () => {
    expect(
      describeFieldErrors({
        secondary_color: 'x',
        website_url: 'x',
        contact_email: 'x',
      }),
    ).toEqual({
      tab: 'general',
      message: 'Some fields need a fix before saving: Contact Email, Website and Secondary Colour (Branding).',
    });
  });

  it('gives nothing for fields the form does not have', () => {
    expect(describeFieldErrors({})).toBeNull();
  });
});
