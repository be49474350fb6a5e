// The auth modal of the landing page: GET STARTED (sign-up, e-mail verification) and SIGN IN (sign-in,
// FORGOT PASSWORD, RESET PASSWORD), with the spec's texts, enabling rules, error placement and destinations.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  AUTH_ERROR_CODES,
  AUTH_MESSAGES,
  errorPlacement,
  isValidEmail,
  meetsPasswordRules,
  signUpErrorMessage,
} from '@marquee/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError, TextField } from '../../../components/ui/input';
import { authClient, useSession } from '../../../lib/auth-client';
import { PasswordChecklist } from './password-checklist';
import { SocialButtons } from './social-buttons';

export type AuthMode = 'sign-up' | 'sign-in';
type View = 'sign-in' | 'forgot' | 'reset' | 'sign-up' | 'verify';
type Errors = { email?: string; password?: string; code?: string; form?: string };

/** The delay before the full page load of /onboarding after e-mail sign-up completes. */
export const ONBOARDING_REDIRECT_DELAY_MS = 100;

function placed(message: string): Errors {
  const where = errorPlacement(message);
  return where === 'email' ? { email: message } : where === 'password' ? { password: message } : { form: message };
}

export interface AuthModalProps {
  open: boolean;
  mode: AuthMode;
  onModeChange(mode: AuthMode): void;
  onClose(): void;
  /** The e-mail field starts with this address (a team invitation's). */
  initialEmail?: string;
  /**
   * Called once signed in (sign-in, or sign-up after the code), instead of going to the dashboard or
   * onboarding: a team invitation joins its organisation here.
   */
  onAuthenticated?: () => Promise<void>;
  /** Where social sign-in returns on success (a path on this site). */
  socialReturnTo?: string;
}

export function AuthModal({ open, mode, onModeChange, onClose, ...options }: AuthModalProps) {
  return (
    <Dialog open={open} onClose={onClose} label={mode === 'sign-up' ? 'Get started' : 'Sign in'}>
      {/* Remount the forms whenever the modal opens or the toggle flips, so each starts clean. */}
      <AuthPanel key={mode} mode={mode} onModeChange={onModeChange} onClose={onClose} {...options} />
    </Dialog>
  );
}

function AuthPanel({
  mode,
  onModeChange,
  onClose,
  initialEmail,
  onAuthenticated,
  socialReturnTo,
}: Omit<AuthModalProps, 'open'>) {
  const navigate = useNavigate();
  const { refetch: refetchSession } = useSession();
  const [view, setView] = useState<View>(mode === 'sign-up' ? 'sign-up' : 'sign-in');
  const [email, setEmail] = useState(initialEmail ?? '');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);

  // Each view (and the other mode, which mounts a new panel) starts with its first field focused: the button
  // that switched views is gone, and the focus would otherwise fall back to the page behind the dialog.
  useEffect(() => {
    root.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [view]);

  const go = (next: View) => {
    setErrors({});
    setNotice(null);
    setView(next);
  };

  /** The session store must know about the new session before the dashboard's guard reads it. */
  const goToDashboard = async () => {
    await refetchSession();
    onClose();
    if (onAuthenticated) await onAuthenticated();
    else await navigate('/dashboard');
  };

  const finishSignUp = () => {
    if (onAuthenticated) {
      void goToDashboard();
      return;
    }
    // A full page load, so the app starts fresh with the new session.
    window.setTimeout(() => window.location.assign('/onboarding'), ONBOARDING_REDIRECT_DELAY_MS);
  };

  const run = async (task: () => Promise<void>) => {
    setBusy(true);
    setErrors({});
    try {
      await task();
    } finally {
      setBusy(false);
    }
  };

  const onSignIn = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const { error } = await authClient.signIn.email({ email: email.trim(), password });
      if (error) {
        if (error.code === AUTH_ERROR_CODES.emailNotVerified) {
          await authClient.emailOtp.sendVerificationOtp({ email: email.trim(), type: 'email-verification' });
          go('verify');
          setNotice('Verify your email first: we sent you a new 6-digit code.');
          return;
        }
        setErrors(placed(error.message || AUTH_MESSAGES.signInFailed));
        return;
      }
      await goToDashboard();
    });
  };

  const onForgot = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const { error } = await authClient.emailOtp.requestPasswordReset({ email: email.trim() });
      if (error) {
        setErrors(
          placed(
            error.code === AUTH_ERROR_CODES.emailNotFound
              ? AUTH_MESSAGES.emailNotFoundForReset
              : AUTH_MESSAGES.sendResetCodeFailed,
          ),
        );
        return;
      }
      setPassword('');
      go('reset');
      setNotice(`We sent a 6-digit reset code to ${email.trim()}.`);
    });
  };

  const onReset = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const { error } = await authClient.emailOtp.resetPassword({ email: email.trim(), otp: code.trim(), password });
      if (error) {
        const isPasswordProblem =
          error.code === AUTH_ERROR_CODES.passwordPwned || error.code === AUTH_ERROR_CODES.passwordValidationFailed;
        setErrors(isPasswordProblem ? placed(signUpErrorMessage(error)) : { form: AUTH_MESSAGES.passwordResetFailed });
        return;
      }
      const signIn = await authClient.signIn.email({ email: email.trim(), password });
      if (signIn.error) {
        setErrors({ form: AUTH_MESSAGES.passwordResetFailed });
        return;
      }
      await goToDashboard();
    });
  };

  const onSignUp = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email)) {
      setErrors({ email: AUTH_MESSAGES.invalidEmail });
      return;
    }
    if (!meetsPasswordRules(password)) {
      setErrors({ password: AUTH_MESSAGES.passwordRulesUnmet });
      return;
    }
    void run(async () => {
      const trimmed = email.trim();
      const { error } = await authClient.signUp.email({
        email: trimmed,
        password,
        name: trimmed.split('@')[0] ?? trimmed,
      });
      if (error) {
        setErrors(placed(signUpErrorMessage(error)));
        return;
      }
      go('verify');
    });
  };

  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      try {
        const { data, error } = await authClient.emailOtp.verifyEmail({ email: email.trim(), otp: code.trim() });
        if (error) {
          setErrors({ code: AUTH_MESSAGES.verificationCodeFailed });
          return;
        }
        // The session is the HttpOnly cookie the answer set: the server sends no token in the body.
        if (!data?.status) {
          setErrors({ form: AUTH_MESSAGES.verificationFailed });
          return;
        }
        finishSignUp();
      } catch {
        setErrors({ form: AUTH_MESSAGES.verificationFailed });
      }
    });
  };

  const resendCode = () => {
    void run(async () => {
      const { error } = await authClient.emailOtp.sendVerificationOtp({
        email: email.trim(),
        type: 'email-verification',
      });
      setNotice(error ? null : 'A new code is on its way.');
      if (error) setErrors({ form: error.message || AUTH_MESSAGES.verificationFailed });
    });
  };

  const passwordToggle = (
    <button
      type="button"
      onClick={() => setShowPassword((shown) => !shown)}
      className="text-muted-foreground hover:text-foreground rounded px-2 py-1 font-mono text-[10px] font-semibold tracking-wider uppercase"
      aria-label={showPassword ? 'Hide password' : 'Show password'}
      aria-pressed={showPassword}
    >
      {showPassword ? 'Hide' : 'Show'}
    </button>
  );

  const emailField = (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      value={email}
      onChange={(event) => setEmail(event.target.value)}
      error={errors.email}
      data-autofocus
    />
  );

  const passwordField = (label: string, autoComplete: 'current-password' | 'new-password', hint?: ReactNode) => (
    <TextField
      label={label}
      type={showPassword ? 'text' : 'password'}
      name={autoComplete}
      autoComplete={autoComplete}
      value={password}
      onChange={(event) => setPassword(event.target.value)}
      error={errors.password}
      trailing={passwordToggle}
      hint={hint}
    />
  );

  const codeField = (label: string) => (
    <TextField
      label={label}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="6-digit code"
      value={code}
      onChange={(event) => setCode(event.target.value)}
      error={errors.code}
      data-autofocus
    />
  );

  /** BACK TO SIGN IN resets the fields and returns to the sign-in form. */
  const backToSignIn = (
    <BackToSignIn
      onClick={() => {
        setCode('');
        setPassword('');
        setEmail('');
        go('sign-in');
      }}
    />
  );

  let body: ReactNode;
  if (view === 'sign-in') {
    body = (
      <form onSubmit={onSignIn} noValidate className="flex flex-col gap-4">
        {emailField}
        {passwordField('Password', 'current-password')}
        <button
          type="button"
          className="text-muted-foreground hover:text-foreground self-end text-xs underline-offset-4 hover:underline"
          onClick={() => go('forgot')}
        >
          Forgot password?
        </button>
        <Button type="submit" size="medium" disabled={busy || !email.trim() || !password}>
          {busy ? 'Signing in...' : 'Sign in'}
        </Button>
        {errors.form ? <FieldError message={errors.form} /> : null}
        <Divider />
        <SocialButtons mode="sign-in" returnTo={socialReturnTo} onError={(message) => setErrors({ form: message })} />
      </form>
    );
  } else if (view === 'forgot') {
    body = (
      <form onSubmit={onForgot} noValidate className="flex flex-col gap-4">
        <Heading title="Forgot password" text="Enter your email and we will send you a 6-digit reset code." />
        {emailField}
        <Button type="submit" size="medium" disabled={busy || !email.trim()}>
          {busy ? 'Sending...' : 'Send reset code'}
        </Button>
        {errors.form ? <FieldError message={errors.form} /> : null}
        {backToSignIn}
      </form>
    );
  } else if (view === 'reset') {
    body = (
      <form onSubmit={onReset} noValidate className="flex flex-col gap-4">
        <Heading title="Reset password" text={notice ?? 'Enter the code from your email and choose a new password.'} />
        {codeField('Reset code')}
        {passwordField('New password', 'new-password')}
        <Button type="submit" size="medium" disabled={busy || !code.trim() || !password}>
          {busy ? 'Resetting...' : 'Reset password'}
        </Button>
        {errors.form ? <FieldError message={errors.form} /> : null}
        {backToSignIn}
      </form>
    );
  } else if (view === 'sign-up') {
    body = (
      <form onSubmit={onSignUp} noValidate className="flex flex-col gap-4">
        {emailField}
        {passwordField('Password', 'new-password', <PasswordChecklist password={password} />)}
        <p className="text-muted-foreground text-xs">
          By creating an account you agree to our{' '}
          <a href="/terms" target="_blank" rel="noreferrer" className="text-foreground underline underline-offset-4">
            Terms of Service
          </a>{' '}
          and{' '}
          <a href="/privacy" target="_blank" rel="noreferrer" className="text-foreground underline underline-offset-4">
            Privacy Policy
          </a>
          .
        </p>
        <Button type="submit" size="medium" disabled={busy || !email.trim() || !meetsPasswordRules(password)}>
          {busy ? 'Creating account...' : 'Create account'}
        </Button>
        {errors.form ? <FieldError message={errors.form} /> : null}
        <Divider />
        <SocialButtons mode="sign-up" returnTo={socialReturnTo} onError={(message) => setErrors({ form: message })} />
      </form>
    );
  } else {
    body = (
      <form onSubmit={onVerify} noValidate className="flex flex-col gap-4">
        <Heading
          title="Verify your email"
          text={notice ?? `We sent a 6-digit code to ${email.trim()}. Enter it below.`}
        />
        {codeField('Verification code')}
        <Button type="submit" size="medium" disabled={busy || !code.trim()}>
          {busy ? 'Verifying...' : 'Verify'}
        </Button>
        {errors.form ? <FieldError message={errors.form} /> : null}
        <button
          type="button"
          onClick={resendCode}
          disabled={busy}
          className="text-muted-foreground hover:text-foreground text-xs underline-offset-4 hover:underline"
        >
          Resend code
        </button>
      </form>
    );
  }

  return (
    <div ref={root} className="flex flex-col gap-6 p-6 sm:p-8">
      <div className="flex items-start justify-between gap-4">
        <div role="group" aria-label="Choose" className="bg-muted grid flex-1 grid-cols-2 rounded-lg p-1">
          {(['sign-up', 'sign-in'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={mode === option}
              onClick={() => onModeChange(option)}
              className={`rounded-md py-2 font-mono text-xs font-semibold tracking-wider uppercase transition ${
                mode === option ? 'bg-background text-foreground shadow' : 'text-muted-foreground hover:text-foreground'
              }`}
            >
              {option === 'sign-up' ? 'Get started' : 'Sign in'}
            </button>
          ))}
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="text-muted-foreground hover:text-foreground hover:bg-muted flex h-10 w-10 items-center justify-center rounded-md text-lg"
        >
          ×
        </button>
      </div>
      {body}
    </div>
  );
}

function Heading({ title, text }: { title: string; text: string }) {
  return (
    <div className="flex flex-col gap-1">
      <h2 className="font-mono text-sm font-semibold tracking-wider uppercase">{title}</h2>
      <p className="text-muted-foreground text-sm">{text}</p>
    </div>
  );
}

function BackToSignIn({ onClick }: { onClick(): void }) {
  return (
    <Button type="button" size="small" variant="secondary" onClick={onClick}>
      Back to sign in
    </Button>
  );
}

function Divider() {
  return (
    <div
      className="text-muted-foreground flex items-center gap-3 text-[11px] tracking-wider uppercase"
      aria-hidden="true"
    >
      <span className="bg-border h-px flex-1" />
      or
      <span className="bg-border h-px flex-1" />
    </div>
  );
}
