// Live availability of the typed subdomain: idle, checking, available, unavailable (with a reason) or
// failed; checked 500 ms after the typing stops.
import { useEffect, useState } from 'react';
import { checkSubdomain } from '../api/organization';

export const SUBDOMAIN_CHECK_DEBOUNCE_MS = 500;

export type Availability =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'available' }
  | { status: 'unavailable'; reason: string }
  | { status: 'failed' };

export function useSubdomainAvailability(subdomain: string): Availability {
  const [result, setResult] = useState<{ subdomain: string; availability: Availability } | null>(null);

  useEffect(() => {
    if (!subdomain) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      checkSubdomain(subdomain, controller.signal)
        .then((answer) =>
          setResult({
            subdomain,
            availability: answer.available
              ? { status: 'available' }
              : { status: 'unavailable', reason: answer.reason || 'Not available' },
          }),
        )
        .catch((error: unknown) => {
          if (!controller.signal.aborted) {
            console.warn('Subdomain check failed', error);
            setResult({ subdomain, availability: { status: 'failed' } });
          }
        });
    }, SUBDOMAIN_CHECK_DEBOUNCE_MS);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [subdomain]);

  if (!subdomain) return { status: 'idle' };
  if (!result || result.subdomain !== subdomain) return { status: 'checking' };
  return result.availability;
}
