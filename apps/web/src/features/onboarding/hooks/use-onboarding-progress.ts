// Onboarding progress kept in local storage (step and data), so a reload resumes where the user was.
import { useCallback, useState } from 'react';
import { DEFAULT_CURRENCY, type CurrencyCode } from '@marquee/shared';

export const ONBOARDING_STEP_KEY = 'onboarding_step';
export const ONBOARDING_DATA_KEY = 'onboarding_data';

export interface OnboardingData {
  orgName: string;
  orgSlug: string;
  defaultCurrency: CurrencyCode;
  brandImagePreview: string | null;
  organizationId: string | null;
}

export type OnboardingStep = 1 | 2 | 3;

const emptyData: OnboardingData = {
  orgName: '',
  orgSlug: '',
  defaultCurrency: DEFAULT_CURRENCY,
  brandImagePreview: null,
  organizationId: null,
};

export function readSavedStep(): OnboardingStep | null {
  const value = Number(localStorage.getItem(ONBOARDING_STEP_KEY));
  return value === 1 || value === 2 || value === 3 ? value : null;
}

function readSavedData(): OnboardingData {
  try {
    const parsed = JSON.parse(localStorage.getItem(ONBOARDING_DATA_KEY) ?? 'null') as Partial<OnboardingData> | null;
    return { ...emptyData, ...(parsed ?? {}) };
  } catch {
    return emptyData;
  }
}

/**
 * Whether the organiser is part-way through onboarding for this organisation: past step 1, or on step 1 having
 * just created it (the 1.5 s transition). Progress left by someone else on this browser does not count.
 */
export function isOnboardingInProgress(organizationId: string): boolean {
  const step = readSavedStep();
  if (step === null) return false;
  const data = readSavedData();
  if (data.organizationId) return data.organizationId === organizationId;
  return step > 1;
}

export function clearOnboardingProgress() {
  localStorage.removeItem(ONBOARDING_STEP_KEY);
  localStorage.removeItem(ONBOARDING_DATA_KEY);
}

export function useOnboardingProgress() {
  const [step, setStepState] = useState<OnboardingStep>(() => {
    const saved = readSavedStep();
    // Mark onboarding as started, so the gate keeps the organiser here once the organisation exists.
    if (saved === null) localStorage.setItem(ONBOARDING_STEP_KEY, '1');
    return saved ?? 1;
  });
  const [data, setDataState] = useState<OnboardingData>(readSavedData);

  const setStep = useCallback((next: OnboardingStep) => {
    localStorage.setItem(ONBOARDING_STEP_KEY, String(next));
    setStepState(next);
  }, []);

  const updateData = useCallback((patch: Partial<OnboardingData>) => {
    setDataState((current) => {
      const next = { ...current, ...patch };
      try {
        localStorage.setItem(ONBOARDING_DATA_KEY, JSON.stringify(next));
      } catch {
        // A large image preview may not fit in storage; keep it for this page only.
        localStorage.setItem(ONBOARDING_DATA_KEY, JSON.stringify({ ...next, brandImagePreview: null }));
      }
      return next;
    });
  }, []);

  return { step, setStep, data, updateData };
}
