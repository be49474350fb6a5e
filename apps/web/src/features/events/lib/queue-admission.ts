// The waiting room's admission in the organiser's words (decision 148): the rate admitted now, the ceiling they
// set, and why the two differ, from the live status; and the short phrase a screen reader hears when the reason
// changes (never the figures, which move every poll).
import type { QueueStatus } from '@marquee/shared';

const count = (value: number) => value.toLocaleString('en-GB');

/** The sentence under the live figures, or null when the queue admits nobody (off, sold out). */
export function admissionText(status: QueueStatus): string | null {
  const now = count(status.admitting_per_minute);
  const ceiling = count(status.rate_per_minute);
  const target = `target ${count(status.checkout_target_ms)} ms`;
  const took = status.checkout_ms === null ? null : `${count(status.checkout_ms)} ms`;
  if (status.state === 'lobby' || status.state === 'not_started')
    return status.admission_reason === 'ceiling'
      ? `From the on-sale, ${now} fans a minute, your ceiling; fewer while checkouts take over ${count(status.checkout_target_ms)} ms.`
      : `From the on-sale, ${now} fans a minute to start with, climbing towards your ceiling of ${ceiling} while checkouts take under ${count(status.checkout_target_ms)} ms.`;
  if (status.state !== 'open' && status.state !== 'paused') return null;
  switch (status.admission_reason) {
    case 'ceiling':
      return took
        ? `Admitting ${now} a minute, your ceiling. Checkouts take ${took} (${target}).`
        : `Admitting ${now} a minute, your ceiling.`;
    case 'starting':
      return took
        ? `Admitting ${now} a minute and climbing towards your ceiling of ${ceiling}: checkouts take ${took} (${target}).`
        : `Admitting ${now} a minute and climbing towards your ceiling of ${ceiling}: no checkouts to time yet.`;
    case 'slowed':
      return `Slowed to ${now} a minute: checkouts took ${took ?? 'too long'} (${target}). It climbs back towards your ceiling of ${ceiling} once they are faster.`;
    case 'climbing':
      return took
        ? `Climbing back towards your ceiling of ${ceiling}: admitting ${now} a minute, checkouts take ${took} (${target}).`
        : `Climbing back towards your ceiling of ${ceiling}: admitting ${now} a minute.`;
  }
}

/** What a screen reader is told when the reason changes (polite; the figures are read on demand). */
export function admissionAnnouncement(status: QueueStatus): string {
  if (status.state !== 'open' && status.state !== 'paused') return '';
  switch (status.admission_reason) {
    case 'ceiling':
      return 'Admitting at your ceiling.';
    case 'starting':
      return 'Admission is climbing towards your ceiling.';
    case 'slowed':
      return 'Admission slowed down: checkouts are over their target.';
    case 'climbing':
      return 'Admission is climbing back towards your ceiling.';
  }
}
