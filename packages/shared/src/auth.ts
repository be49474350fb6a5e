// Identity rules from the spec (sections 5 and 8): the five password rules, the e-mail shape, the
// verification code, and the texts users see for each failure. Used by the server and the auth forms.
export const PASSWORD_MIN_LENGTH = 8;
export const VERIFICATION_CODE_LENGTH = 6;

export interface PasswordRule {
  id: 'length' | 'uppercase' | 'lowercase' | 'number' | 'special';
  label: string;
  test(password: string): boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  { id: 'length', label: 'At least 8 characters', test: (password) => password.length >= PASSWORD_MIN_LENGTH },
  { id: 'uppercase', label: '1 uppercase letter', test: (password) => /[A-Z]/.test(password) },
  { id: 'lowercase', label: '1 lowercase letter', test: (password) => /[a-z]/.test(password) },
  { id: 'number', label: '1 number', test: (password) => /[0-9]/.test(password) },
  { id: 'special', label: '1 special character', test: (password) => /[^A-Za-z0-9]/.test(password) },
];

export function meetsPasswordRules(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}

/** text, @, text, dot, text */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isValidEmail = (email: string) => EMAIL_PATTERN.test(email.trim());

/** Error codes the identity service answers with, named as the spec names them. */
export const AUTH_ERROR_CODES = {
  identifierExists: 'FORM_IDENTIFIER_EXISTS',
  passwordPwned: 'FORM_PASSWORD_PWNED',
  passwordValidationFailed: 'FORM_PASSWORD_VALIDATION_FAILED',
  emailNotFound: 'EMAIL_NOT_FOUND_FOR_RESET',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
} as const;

export const AUTH_MESSAGES = {
  invalidEmail: 'Please enter a valid email address.',
  passwordRulesUnmet: 'Password does not meet all security requirements. Please check the requirements below.',
  signInFailed: 'Sign-in failed. Please check your credentials and try again.',
  socialSignInFailed: (provider: string) => `${provider} sign-in failed. Please try again.`,
  socialSignUpFailed: (provider: string) => `${provider} sign-up failed. Please try again.`,
  sendResetCodeFailed: 'Failed to send reset code. Please check your email address.',
  emailNotFoundForReset: 'Email address not found for password reset',
  passwordResetFailed: 'Password reset failed. Please try again.',
  passwordPwned: 'This password has been found in a data breach. Please choose a different password.',
  passwordValidationFailed: 'Password does not meet security requirements. Please check the requirements below.',
  identifierExists: 'An account with this email already exists. Please try signing in instead.',
  signUpFailed: 'Sign-up failed. Please check your details and try again.',
  verificationFailed: 'Verification failed. Please try again.',
  verificationCodeFailed: 'Verification failed. Please check your code and try again.',
} as const;

/** The message for a failed sign-up, from the identity service's error code and message (spec section 8). */
export function signUpErrorMessage(
  error: { code?: string | null; message?: string | null } | null | undefined,
): string {
  switch (error?.code) {
    case AUTH_ERROR_CODES.passwordPwned:
      return AUTH_MESSAGES.passwordPwned;
    case AUTH_ERROR_CODES.passwordValidationFailed:
      return AUTH_MESSAGES.passwordValidationFailed;
    case AUTH_ERROR_CODES.identifierExists:
      return AUTH_MESSAGES.identifierExists;
    default:
      return error?.message || AUTH_MESSAGES.signUpFailed;
  }
}

/** Where a form shows an error: under the e-mail field, under the password field, or below the button. */
export function errorPlacement(message: string): 'email' | 'password' | 'form' {
  const lower = message.toLowerCase();
  if (lower.includes('email') || lower.includes('e-mail') || lower.includes('identifier')) return 'email';
  if (lower.includes('password')) return 'password';
  return 'form';
}
