import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  errorPlacement,
  isValidEmail,
  meetsPasswordRules,
  PASSWORD_RULES,
  signUpErrorMessage,
} from './auth.js';

describe('password rules', () => {
  it('needs all five rules', () => {
    expect(meetsPasswordRules('Abcdef1!')).toBe(true);
    expect(meetsPasswordRules('Abcde1!')).toBe(false);
    expect(meetsPasswordRules('abcdef1!')).toBe(false);
    expect(meetsPasswordRules('ABCDEF1!')).toBe(false);
    expect(meetsPasswordRules('Abcdefg!')).toBe(false);
    expect(meetsPasswordRules('Abcdefg1')).toBe(false);
    expect(PASSWORD_RULES.map((rule) => rule.test('a'))).toEqual([false, false, true, false, false]);
  });
});

describe('e-mail shape', () => {
  it('wants text, @, text, dot, text', () => {
    expect(isValidEmail('fan@example.com')).toBe(true);
    expect(isValidEmail('fan@example')).toBe(false);
    expect(isValidEmail('fan example.com')).toBe(false);
  });
});

describe('sign-up error messages', () => {
  it('maps the spec codes to the spec texts and falls back to the message', () => {
    expect(signUpErrorMessage({ code: 'FORM_PASSWORD_PWNED' })).toBe(AUTH_MESSAGES.passwordPwned);
    expect(signUpErrorMessage({ code: 'FORM_PASSWORD_VALIDATION_FAILED' })).toBe(
      AUTH_MESSAGES.passwordValidationFailed,
    );
    expect(signUpErrorMessage({ code: 'FORM_IDENTIFIER_EXISTS' })).toBe(AUTH_MESSAGES.identifierExists);
    expect(signUpErrorMessage({ code: 'OTHER', message: 'Something specific' })).toBe('Something specific');
    expect(signUpErrorMessage(null)).toBe('Sign-up failed. Please check your details and try again.');
  });

  it('places messages by what they mention', () => {
    expect(errorPlacement(AUTH_MESSAGES.identifierExists)).toBe('email');
    expect(errorPlacement(AUTH_MESSAGES.passwordPwned)).toBe('password');
    expect(errorPlacement(AUTH_MESSAGES.signInFailed)).toBe('form');
  });
});
