// The answer to a scan, large and unmistakable: green admitted, amber already in, red for every refusal; the
// headline is announced to screen readers.
import type { DoorAnswer } from '../lib/use-door';

const tone: Record<DoorAnswer['result'], string> = {
  admitted: 'bg-green-700 text-white',
  already_checked_in: 'bg-amber-400 text-black',
  transferred: 'bg-red-700 text-white',
  resold: 'bg-red-700 text-white',
  refunded: 'bg-red-700 text-white',
  cancelled: 'bg-red-700 text-white',
  other_event: 'bg-red-700 text-white',
  unknown: 'bg-red-700 text-white',
  listed: 'bg-red-700 text-white',
};

const icon: Record<DoorAnswer['result'], string> = {
  admitted: '✓',
  already_checked_in: '!',
  transferred: '✕',
  resold: '✕',
  refunded: '✕',
  cancelled: '✕',
  other_event: '✕',
  unknown: '?',
  listed: '✕',
};

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const day = (iso: string) => new Date(iso).toLocaleDateString([], { day: 'numeric', month: 'short' });

export function ResultCard({ answer }: { answer: DoorAnswer }) {
  return (
    <section
      role="status"
      aria-live="assertive"
      data-testid="scan-result"
      data-result={answer.result}
      className={`rounded-xl p-5 ${tone[answer.result]}`}
    >
      <div className="flex items-center gap-4">
        <span aria-hidden className="font-display text-6xl leading-none">
          {icon[answer.result]}
        </span>
        <h2 className="font-display text-4xl leading-none tracking-wide uppercase">{answer.headline}</h2>
      </div>
      {answer.ticket && (
        <p className="mt-3 text-lg font-semibold">
          {answer.ticket.type}
          {answer.ticket.holder ? ` · ${answer.ticket.holder}` : ''}
        </p>
      )}
      {answer.ticket && <p className="font-mono text-sm">{answer.ticket.code}</p>}
      {answer.ticket?.answers && answer.ticket.answers.length > 0 ? (
        <dl data-testid="scan-answers" className="mt-2 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-base">
          {answer.ticket.answers.map((entry, index) => (
            <div key={`${entry.label}-${index}`} className="contents">
              <dt className="font-semibold">{entry.label}:</dt>
              <dd className="break-words">{entry.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {answer.result === 'already_checked_in' && answer.checked_in_at && (
        <p className="mt-2 text-base font-semibold">
          Checked in at {time(answer.checked_in_at)} on {day(answer.checked_in_at)}
          {answer.checked_in_by ? ` by ${answer.checked_in_by}` : ''}
        </p>
      )}
      {answer.result === 'other_event' && (
        <p className="mt-2 text-base font-semibold">This ticket is for {answer.other_event_name ?? 'another event'}</p>
      )}
      {answer.result === 'listed' && (
        <p className="mt-2 text-base font-semibold">
          The holder withdraws the listing on their order page, then scan again.
        </p>
      )}
      {answer.offline && <p className="mt-2 text-sm font-semibold">Judged on this device (offline): will sync</p>}
    </section>
  );
}
