// Onboarding: three steps with a progress bar (company, brand image, payouts), resumable from local storage.
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CURRENCIES, ORGANIZATION_MESSAGES, sanitizeSubdomainInput, type CurrencyCode } from '@marquee/shared';
import { Button } from '../../../components/ui/button';
import { FieldError, inputClasses, TextField } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { usePublicConfig } from '../../../lib/public-config';
import { dataUrlToBlob, imageFileProblem, readAsDataUrl, uploadImage } from '../../../lib/uploads';
import { createOrganization, provisionDns, saveBrandImage } from '../api/organization';
import { onPageRestored, PAYOUT_SETUP_FAILED, startPayoutSetup } from '../../../lib/payouts';
import { clearOnboardingProgress, useOnboardingProgress } from '../hooks/use-onboarding-progress';
import { useSubdomainAvailability, type Availability } from '../hooks/use-subdomain-availability';

export const STEP_TRANSITION_MS = 1500;
const PROVISION_RETRY_DELAYS_MS = [2000, 4000, 8000];

async function provisionWithRetries(subdomain: string, organizationId: string) {
  for (let attempt = 0; attempt <= PROVISION_RETRY_DELAYS_MS.length; attempt += 1) {
    try {
      await provisionDns({ subdomain, organization_id: organizationId });
      return;
    } catch (error) {
      const delay = PROVISION_RETRY_DELAYS_MS[attempt];
      if (delay === undefined) {
        console.warn('DNS provisioning failed after retries', error);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

export function OnboardingPage() {
  const { step, setStep, data, updateData } = useOnboardingProgress();
  const total = 3;
  return (
    <div className="relative flex min-h-screen items-center justify-center overflow-hidden bg-[#0a0a0a] px-4 py-12 text-white">
      <div aria-hidden="true" className="onboarding-backdrop pointer-events-none absolute inset-0" />
      <main className="relative w-full max-w-lg rounded-2xl border border-white/10 bg-[#111]/90 p-6 shadow-2xl backdrop-blur sm:p-8">
        <div className="mb-8 flex flex-col gap-3">
          <div className="flex items-center justify-between font-mono text-[11px] tracking-wider text-white/60 uppercase">
            <span>Marquee</span>
            <span>
              Step {step} of {total}
            </span>
          </div>
          <div
            role="progressbar"
            aria-label="Onboarding progress"
            aria-valuemin={1}
            aria-valuemax={total}
            aria-valuenow={step}
            className="h-1.5 w-full overflow-hidden rounded-full bg-white/10"
          >
            <div
              className="bg-primary h-full rounded-full transition-[width] duration-500"
              style={{ width: `${(step / total) * 100}%` }}
            />
          </div>
        </div>
        {step === 1 ? <CompanyStep data={data} updateData={updateData} onDone={() => setStep(2)} /> : null}
        {step === 2 ? <BrandImageStep data={data} updateData={updateData} onDone={() => setStep(3)} /> : null}
        {step === 3 ? <PayoutsStep /> : null}
      </main>
    </div>
  );
}

type StepProps = Pick<ReturnType<typeof useOnboardingProgress>, 'data' | 'updateData'> & { onDone(): void };

function AvailabilityText({ availability }: { availability: Availability }) {
  const text =
    availability.status === 'checking'
      ? 'Checking...'
      : availability.status === 'available'
        ? 'Available'
        : availability.status === 'unavailable'
          ? availability.reason || ORGANIZATION_MESSAGES.notAvailable
          : availability.status === 'failed'
            ? ORGANIZATION_MESSAGES.checkFailed
            : '';
  const colour =
    availability.status === 'available'
      ? 'text-primary'
      : availability.status === 'checking'
        ? 'text-white/60'
        : 'text-danger';
  return (
    <p aria-live="polite" className={`min-h-4 text-xs ${colour}`} data-testid="subdomain-availability">
      {text}
    </p>
  );
}

function CompanyStep({ data, updateData, onDone }: StepProps) {
  const { data: config } = usePublicConfig();
  const queryClient = useQueryClient();
  const availability = useSubdomainAvailability(data.orgSlug);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canContinue =
    data.orgName.trim() !== '' && data.orgSlug !== '' && availability.status === 'available' && !busy && !created;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!data.orgName.trim()) {
      setError(ORGANIZATION_MESSAGES.nameRequired);
      return;
    }
    if (!canContinue) return;
    setBusy(true);
    setError(null);
    try {
      const { organization } = await createOrganization({
        company_name: data.orgName.trim(),
        subdomain: data.orgSlug,
        default_currency: data.defaultCurrency,
      });
      updateData({ organizationId: organization.id });
      void provisionWithRetries(organization.subdomain, organization.id);
      await queryClient.invalidateQueries({ queryKey: ['org'] });
      setCreated(true);
      window.setTimeout(onDone, STEP_TRANSITION_MS);
    } catch (caught) {
      setError(caught instanceof ApiError && caught.status < 500 ? caught.message : ORGANIZATION_MESSAGES.createFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-5">
      <div>
        <h1 className="font-display text-4xl tracking-wide">About your company</h1>
        <p className="text-sm text-white/60">This is how fans will see you on your ticket pages.</p>
      </div>
      <TextField
        label="Company Name"
        name="company-name"
        autoComplete="organization"
        value={data.orgName}
        onChange={(event) => updateData({ orgName: event.target.value })}
        maxLength={100}
        data-autofocus
        autoFocus
      />
      <div className="flex flex-col gap-1.5">
        <label
          htmlFor="default-currency"
          className="font-mono text-[11px] font-semibold tracking-wider text-white/60 uppercase"
        >
          Default Currency
        </label>
        <select
          id="default-currency"
          value={data.defaultCurrency}
          onChange={(event: ChangeEvent<HTMLSelectElement>) =>
            updateData({ defaultCurrency: event.target.value as CurrencyCode })
          }
          className={inputClasses}
        >
          {CURRENCIES.map((currency) => (
            <option key={currency.code} value={currency.code}>
              {currency.code} ({currency.symbol})
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label
          htmlFor="subdomain"
          className="font-mono text-[11px] font-semibold tracking-wider text-white/60 uppercase"
        >
          Domain
        </label>
        <div className="flex items-stretch">
          <input
            id="subdomain"
            name="subdomain"
            value={data.orgSlug}
            onChange={(event) => updateData({ orgSlug: sanitizeSubdomainInput(event.target.value) })}
            autoComplete="off"
            spellCheck={false}
            aria-describedby="subdomain-suffix"
            className={`${inputClasses} rounded-r-none`}
          />
          <span
            id="subdomain-suffix"
            className="flex items-center rounded-r-md border border-l-0 border-white/10 bg-white/5 px-3 font-mono text-xs text-white/60"
          >
            .{config?.publicHost ?? '…'}
          </span>
        </div>
        <AvailabilityText availability={availability} />
      </div>
      <Button type="submit" size="medium" disabled={!canContinue}>
        {created ? 'Created' : busy ? 'Creating...' : 'Continue'}
      </Button>
      {created ? (
        <p role="status" className="text-primary text-sm">
          Your organisation is ready.
        </p>
      ) : null}
      {error ? <FieldError message={error} /> : null}
    </form>
  );
}

function BrandImageStep({ data, updateData, onDone }: StepProps) {
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    updateData({ brandImagePreview: await readAsDataUrl(file) });
  };

  const onContinue = async () => {
    if (!data.brandImagePreview) return;
    setBusy(true);
    setError(null);
    try {
      const blob = dataUrlToBlob(data.brandImagePreview);
      let uploaded;
      try {
        uploaded = await uploadImage(blob, 'brand-image', 'brand-image');
      } catch (caught) {
        // The server checks the content again; show its reason (e.g. not really an image).
        setError(
          caught instanceof ApiError && caught.status < 500 ? caught.message : ORGANIZATION_MESSAGES.saveBrandingFailed,
        );
        return;
      }
      await saveBrandImage(uploaded.url);
      // The sidebar reads the logo from the organisation info: refresh it now, not after a reload.
      await queryClient.invalidateQueries({ queryKey: ['org'] });
      onDone();
    } catch {
      setError(ORGANIZATION_MESSAGES.saveBrandingFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <div>
        <h1 className="font-display text-4xl tracking-wide">Upload your brand image</h1>
        <p className="text-sm text-white/60">
          Your logo appears on your ticket pages and in your dashboard. JPG, PNG or GIF, 50 KB to 750 KB.
        </p>
      </div>
      <button
        type="button"
        onClick={() => fileInput.current?.click()}
        className="hover:border-primary flex aspect-[16/9] w-full items-center justify-center overflow-hidden rounded-xl border-2 border-dashed border-white/15 bg-white/5 transition"
        aria-label={data.brandImagePreview ? 'Change brand image' : 'Choose a brand image'}
      >
        {data.brandImagePreview ? (
          <img src={data.brandImagePreview} alt="Brand image preview" className="h-full w-full object-contain" />
        ) : (
          <span className="font-mono text-xs tracking-wider text-white/60 uppercase">Click to choose an image</span>
        )}
      </button>
      <input
        ref={fileInput}
        type="file"
        accept="image/jpeg,image/png,image/gif"
        className="sr-only"
        aria-label="Brand image file"
        onChange={(event) => void onFile(event)}
        tabIndex={-1}
      />
      {error ? <FieldError message={error} /> : null}
      <div className="grid grid-cols-2 gap-3">
        <Button type="button" variant="secondary" size="medium" onClick={onDone} disabled={busy}>
          Skip
        </Button>
        <Button
          type="button"
          size="medium"
          onClick={() => void onContinue()}
          disabled={busy || !data.brandImagePreview}
        >
          {busy ? 'Saving...' : 'Continue'}
        </Button>
      </div>
    </div>
  );
}

function PayoutsStep() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => onPageRestored(() => setBusy(false)), []);

  const enablePayouts = async () => {
    setBusy(true);
    setError(null);
    try {
      await startPayoutSetup({ refreshPath: '/onboarding', returnPath: '/onboarding?setup=complete' });
    } catch {
      setError(PAYOUT_SETUP_FAILED);
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <div>
        <p className="text-primary font-mono text-xs tracking-wider uppercase">Get Paid</p>
        <h1 className="font-display text-4xl tracking-wide">Set up payouts</h1>
        <p className="text-sm text-white/60">
          Connect a payout account to publish events and receive ticket sales. You will need:
        </p>
      </div>
      <ul className="flex flex-col gap-2 text-sm">
        {['Business information', 'Business ownership', 'Bank account details', 'Government registration number'].map(
          (item) => (
            <li key={item} className="flex items-center gap-2">
              <span aria-hidden="true" className="text-primary">
                ✓
              </span>
              {item}
            </li>
          ),
        )}
      </ul>
      {error ? <FieldError message={error} /> : null}
      <div className="grid grid-cols-2 gap-3">
        <Button
          type="button"
          variant="secondary"
          size="medium"
          onClick={() => {
            clearOnboardingProgress();
            void navigate('/dashboard');
          }}
          disabled={busy}
        >
          Skip for now
        </Button>
        <Button type="button" size="medium" onClick={() => void enablePayouts()} disabled={busy}>
          {busy ? 'Connecting...' : 'Enable payouts'}
        </Button>
      </div>
    </div>
  );
}
