// The custom-domain wizard's state machine (spec section 4): saving the domain, verifying it (60 s
// throttle), polling with back-off for the TXT record, the three steps, and the state kept in local storage.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  DOMAIN_MESSAGES,
  POLL_MAX_ATTEMPTS,
  VERIFY_COOLDOWN_SECONDS,
  customDomainMessage,
  isDuplicateHostnameError,
  isValidCustomDomain,
  normalizeCustomDomain,
  pollDelayMs,
  verifyThrottleMessage,
  type DomainFinding,
  type DomainStatus,
  type DomainStatusResponse,
} from '@marquee/shared';
import { ApiError } from '../../../lib/api-client';
import type { OrganizationInfo } from '../../../lib/organization-info';
import { getDomainStatus, removeHostname, saveCustomDomain, setWizardCompletion, verifyDomain } from '../api/profile';

export const STORAGE_KEYS = {
  step: 'domain_wizard_step',
  dnsAdded: 'domain_dns_added',
  txtAdded: 'domain_txt_added',
  txtRecord: 'domain_txt_record',
} as const;

export const STEP_ADVANCE_DELAY_MS = 1500;
/** After a look-up that misses a record, the wizard looks again this much later (while the page is open). */
export const RECHECK_DELAY_MS = 60_000;
const RECHECK_MAX = 30;
export type WizardStep = 1 | 2 | 3;
export type UiStatus = Exclude<DomainStatus, 'none'> | null;
interface TxtRecord {
  name: string;
  value: string;
}

function readStored() {
  const step = Number(localStorage.getItem(STORAGE_KEYS.step));
  let txtRecord: TxtRecord | null;
  try {
    txtRecord = JSON.parse(localStorage.getItem(STORAGE_KEYS.txtRecord) ?? 'null') as TxtRecord | null;
  } catch {
    txtRecord = null;
  }
  return {
    step: (step === 2 || step === 3 ? step : 1) as WizardStep,
    dnsAdded: localStorage.getItem(STORAGE_KEYS.dnsAdded) === 'true',
    txtAdded: localStorage.getItem(STORAGE_KEYS.txtAdded) === 'true',
    txtRecord,
  };
}

function clearStored() {
  for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
}

/** The status the page starts in, from the organisation's flags (spec section 4, "On load"). */
export function initialStatus(organization: OrganizationInfo['organization'] | undefined): UiStatus {
  if (!organization?.custom_domain) return null;
  if (organization.custom_domain_verified) return 'active';
  return organization.custom_domain_wizard_completed ? 'pending_verification' : 'pending_ssl';
}

export function useDomainWizard(organization: OrganizationInfo['organization'] | undefined, publicHost: string) {
  const queryClient = useQueryClient();
  const savedDomain = organization?.custom_domain ?? null;
  const loadedVerified = Boolean(organization?.custom_domain_verified);
  const loadedWizardCompleted = Boolean(organization?.custom_domain_wizard_completed);
  const [input, setInput] = useState(savedDomain ?? '');
  const [status, setStatus] = useState<UiStatus>(() => initialStatus(organization));
  const [wizardCompleted, setWizardCompleted] = useState(Boolean(organization?.custom_domain_wizard_completed));
  const [error, setError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [saving, setSaving] = useState(false);
  /** The organiser chose 'Change domain' on a locked input. */
  const [editing, setEditing] = useState(false);
  const [stored, setStored] = useState(readStored);
  const [cnameTarget, setCnameTarget] = useState(publicHost.replace(/:\d+$/, ''));
  const lastVerifyAt = useRef(0);
  const pollAbort = useRef<AbortController | null>(null);
  const advanceTimer = useRef<number | null>(null);
  /** The record the last look-up missed and what it found instead; when the wizard looks again. */
  const [finding, setFinding] = useState<DomainFinding | null>(null);
  const [nextCheckAt, setNextCheckAt] = useState<Date | null>(null);
  const recheckTimer = useRef<number | null>(null);
  const rechecks = useRef(0);
  const recheck = useRef<() => Promise<void>>(async () => {});

  const stopRecheck = useCallback(() => {
    if (recheckTimer.current) window.clearTimeout(recheckTimer.current);
    recheckTimer.current = null;
    setNextCheckAt(null);
  }, []);

  /** Keeps what the answer says is missing and, while something is, schedules the next look. */
  const noteFinding = useCallback(
    (answer: DomainStatusResponse) => {
      const missing = answer.details.missing_record ?? null;
      const next = missing && answer.status !== 'active' ? { missing, found: answer.details.found ?? [] } : null;
      setFinding(next);
      stopRecheck();
      if (!next || rechecks.current >= RECHECK_MAX) return;
      setNextCheckAt(new Date(Date.now() + RECHECK_DELAY_MS));
      recheckTimer.current = window.setTimeout(() => {
        rechecks.current += 1;
        void recheck.current();
      }, RECHECK_DELAY_MS);
    },
    [stopRecheck],
  );

  const update = useCallback((patch: Partial<ReturnType<typeof readStored>>) => {
    setStored((current) => {
      const next = { ...current, ...patch };
      localStorage.setItem(STORAGE_KEYS.step, String(next.step));
      localStorage.setItem(STORAGE_KEYS.dnsAdded, String(next.dnsAdded));
      localStorage.setItem(STORAGE_KEYS.txtAdded, String(next.txtAdded));
      if (next.txtRecord) localStorage.setItem(STORAGE_KEYS.txtRecord, JSON.stringify(next.txtRecord));
      else localStorage.removeItem(STORAGE_KEYS.txtRecord);
      return next;
    });
  }, []);

  const stopPolling = useCallback(() => {
    pollAbort.current?.abort();
    pollAbort.current = null;
    if (advanceTimer.current) window.clearTimeout(advanceTimer.current);
    advanceTimer.current = null;
  }, []);

  useEffect(() => stopPolling, [stopPolling]);
  useEffect(() => stopRecheck, [stopRecheck]);

  // The CNAME target and any TXT record the provider already issued, for the instructions.
  useEffect(() => {
    if (!savedDomain) return;
    const controller = new AbortController();
    getDomainStatus(controller.signal)
      .then((answer) => {
        setCnameTarget(answer.details.cname_target);
        noteFinding(answer);
        // The records went live since the organisation was loaded: the check has just verified the domain.
        if (answer.verified && answer.status === 'active' && !loadedVerified) {
          setStatus('active');
          setError(null);
          if (!loadedWizardCompleted) update({ step: 3 });
          void queryClient.invalidateQueries({ queryKey: ['org', 'info'] });
        }
        if (answer.details.txt_name && answer.details.txt_value) {
          setStored((current) =>
            current.txtRecord
              ? current
              : { ...current, txtRecord: { name: answer.details.txt_name!, value: answer.details.txt_value! } },
          );
        }
      })
      .catch((caught: unknown) => {
        if (!controller.signal.aborted) console.warn('Could not read the domain status', caught);
      });
    return () => controller.abort();
  }, [savedDomain, loadedVerified, loadedWizardCompleted, queryClient, update, noteFinding]);

  const refreshInfo = useCallback(() => queryClient.invalidateQueries({ queryKey: ['org', 'info'] }), [queryClient]);

  const goToStep = useCallback((step: WizardStep) => update({ step }), [update]);

  /** Applies one answer of verify-domain or domain-status; returns true when the wizard can stop waiting. */
  const applyAnswer = useCallback(
    (answer: DomainStatusResponse, fromPoll: boolean): boolean => {
      setCnameTarget(answer.details.cname_target);
      noteFinding(answer);
      const txt =
        answer.details.txt_name && answer.details.txt_value
          ? { name: answer.details.txt_name, value: answer.details.txt_value }
          : null;
      if (answer.verified && answer.status === 'active') {
        setStatus('active');
        setError(null);
        update({ step: 3, ...(txt ? { txtRecord: txt } : {}) });
        void refreshInfo();
        return true;
      }
      if (answer.error && isDuplicateHostnameError(answer.error) && !fromPoll) {
        setStatus('pending_ssl');
        setError(null);
        return false;
      }
      if (answer.verified && answer.status === 'pending_ssl') {
        setStatus('pending_ssl');
        setError(null);
        if (txt) {
          update({ txtRecord: txt });
          advanceTimer.current = window.setTimeout(() => goToStep(2), STEP_ADVANCE_DELAY_MS);
          return true;
        }
        return false;
      }
      if (answer.error) {
        setStatus('error');
        setError(answer.error || DOMAIN_MESSAGES.verificationFailed);
        return true;
      }
      setStatus('pending_verification');
      setError(null);
      return true;
    },
    [goToStep, noteFinding, refreshInfo, update],
  );

  // The scheduled look: the status call (not the throttled verify). It moves the wizard on only from step 1
  // (the CNAME is now right) or when the domain became active, never back from a later step.
  const stepNow = useRef(stored.step);
  useEffect(() => {
    stepNow.current = stored.step;
    recheck.current = async () => {
      try {
        const answer = await getDomainStatus();
        if (answer.status === 'active' || (answer.status === 'pending_ssl' && stepNow.current === 1)) {
          applyAnswer(answer, true);
        } else {
          setCnameTarget(answer.details.cname_target);
          noteFinding(answer);
        }
      } catch (caught) {
        console.warn('Domain status check failed', caught);
      }
    };
  });

  const poll = useCallback(async () => {
    stopPolling();
    const controller = new AbortController();
    pollAbort.current = controller;
    for (let attempt = 1; attempt <= POLL_MAX_ATTEMPTS; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, pollDelayMs(attempt)));
      if (controller.signal.aborted) return;
      try {
        const answer = await getDomainStatus(controller.signal);
        if (controller.signal.aborted) return;
        const txtReady = answer.status === 'pending_ssl' && answer.details.txt_name && answer.details.txt_value;
        if (answer.status === 'active' || txtReady) {
          applyAnswer(answer, true);
          return;
        }
      } catch (caught) {
        if (controller.signal.aborted) return;
        console.warn('Domain status check failed', caught);
      }
    }
    setStatus('error');
    setError(DOMAIN_MESSAGES.pollingExhausted);
  }, [applyAnswer, stopPolling]);

  const verify = useCallback(async () => {
    const waited = (Date.now() - lastVerifyAt.current) / 1000;
    if (lastVerifyAt.current && waited < VERIFY_COOLDOWN_SECONDS) {
      setError(verifyThrottleMessage(Math.ceil(VERIFY_COOLDOWN_SECONDS - waited)));
      return;
    }
    lastVerifyAt.current = Date.now();
    setVerifying(true);
    setError(null);
    try {
      const answer = await verifyDomain();
      const settled = applyAnswer(answer, false);
      if (!settled) void poll();
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 429) {
        setError(caught.message);
      } else {
        setStatus('error');
        setError(DOMAIN_MESSAGES.verifyFailed);
      }
    } finally {
      setVerifying(false);
    }
  }, [applyAnswer, poll]);

  const changeInput = useCallback(
    (text: string) => {
      setInput(text);
      const next = normalizeCustomDomain(text);
      if (next === (savedDomain ?? '')) return;
      stopPolling();
      stopRecheck();
      setFinding(null);
      setError(null);
      setStatus(null);
      update({ step: 1, dnsAdded: false, txtAdded: false, txtRecord: null });
      if (savedDomain && wizardCompleted) {
        setWizardCompleted(false);
        void setWizardCompletion(false).catch((caught: unknown) =>
          console.warn('Could not reset the wizard flag', caught),
        );
      }
    },
    [savedDomain, stopPolling, stopRecheck, update, wizardCompleted],
  );

  const save = useCallback(async () => {
    const domain = normalizeCustomDomain(input);
    if (!isValidCustomDomain(domain)) {
      setStatus('error');
      setError(customDomainMessage());
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await saveCustomDomain(domain);
      if (savedDomain && savedDomain !== domain) {
        await removeHostname(savedDomain).catch((caught: unknown) =>
          console.warn('Could not remove the previous hostname', caught),
        );
      }
      update({ step: 1, dnsAdded: false, txtAdded: false, txtRecord: null });
      setInput(domain);
      setStatus(null);
      setEditing(false);
      await refreshInfo();
    } catch (caught) {
      setStatus('error');
      setError(caught instanceof ApiError && caught.status === 409 ? caught.message : DOMAIN_MESSAGES.saveFailed);
    } finally {
      setSaving(false);
    }
  }, [input, refreshInfo, savedDomain, update]);

  const remove = useCallback(async () => {
    stopPolling();
    stopRecheck();
    setFinding(null);
    setSaving(true);
    try {
      await saveCustomDomain(null);
      clearStored();
      setStored(readStored());
      setInput('');
      setStatus(null);
      setError(null);
      setWizardCompleted(false);
      await refreshInfo();
    } catch {
      setStatus('error');
      setError(DOMAIN_MESSAGES.saveFailed);
    } finally {
      setSaving(false);
    }
  }, [refreshInfo, stopPolling, stopRecheck]);

  const finish = useCallback(async () => {
    try {
      await setWizardCompletion(true);
      setWizardCompleted(true);
      const answer = await getDomainStatus();
      noteFinding(answer);
      setStatus(answer.verified && answer.status === 'active' ? 'active' : 'pending_verification');
      clearStored();
      setStored(readStored());
      await refreshInfo();
    } catch {
      setStatus('error');
      setError(DOMAIN_MESSAGES.verifyFailed);
    }
  }, [noteFinding, refreshInfo]);

  const locked =
    verifying || (!editing && (wizardCompleted || status === 'pending_verification' || status === 'pending_ssl'));
  const isSaved = Boolean(savedDomain) && normalizeCustomDomain(input) === savedDomain;

  return {
    input,
    changeInput,
    save,
    remove,
    verify,
    finish,
    goToStep,
    startEditing: () => {
      stopPolling();
      setEditing(true);
    },
    setDnsAdded: (dnsAdded: boolean) => update({ dnsAdded }),
    setTxtAdded: (txtAdded: boolean) => update({ txtAdded }),
    status,
    error,
    verifying,
    saving,
    locked,
    isSaved,
    wizardCompleted,
    savedDomain,
    cnameTarget,
    finding,
    nextCheckAt,
    ...stored,
  };
}
