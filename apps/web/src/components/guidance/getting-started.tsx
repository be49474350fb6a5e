// The dashboard home's 'Getting started' checklist: enable payouts, create the first event, publish it, share
// the link. Each item comes from the server's data; the card hides itself once all four are done (decision 028).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { CHECKLIST_ITEMS, CHECKLIST_TEXTS, type Checklist, type ChecklistItem } from '@marquee/shared';
import { buttonClasses } from '../ui/button';
import { checklistQuery, useRecordLinkShared } from '../../lib/guidance';
import { PublishDraftsOffer } from './publish-drafts-offer';

const linkClasses = buttonClasses('xs', 'secondary');

function ItemAction({ item, checklist }: { item: ChecklistItem; checklist: Checklist }) {
  const record = useRecordLinkShared();
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  switch (item) {
    case 'payouts':
      return (
        <Link to="/dashboard/billing" className={linkClasses}>
          Set up payouts
        </Link>
      );
    case 'first_event':
      return (
        <Link to="/dashboard/events/new" className={linkClasses}>
          Create an event
        </Link>
      );
    case 'publish':
      return checklist.items.payouts && checklist.waiting_drafts > 0 ? null : (
        <Link to="/dashboard/events" className={linkClasses}>
          Your events
        </Link>
      );
    case 'share':
      if (!checklist.storefront_url) return null;
      return (
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            className={linkClasses}
            onClick={() => {
              void navigator.clipboard
                .writeText(checklist.storefront_url)
                .then(() => {
                  setCopied('copied');
                  record.mutate({ via: 'copied' });
                })
                .catch(() => setCopied('failed'));
            }}
          >
            {copied === 'copied' ? 'Copied' : 'Copy link'}
          </button>
          <a
            href={checklist.storefront_url}
            target="_blank"
            rel="noreferrer"
            className={linkClasses}
            onClick={() => record.mutate({ via: 'opened' })}
          >
            Open storefront
          </a>
          {copied === 'failed' ? (
            <span role="alert" className="text-xs text-danger">
              Copying is blocked here: open the storefront and copy its address instead.
            </span>
          ) : null}
        </div>
      );
  }
}

function StateIcon({ done, index }: { done: boolean; index: number }) {
  return (
    <span
      aria-hidden="true"
      className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full font-mono text-xs font-bold ${
        done ? 'bg-primary text-primary-foreground' : 'border-border text-muted-foreground border'
      }`}
    >
      {done ? (
        <svg viewBox="0 0 12 12" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M2.5 6.25 5 8.5l4.5-5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      ) : (
        index + 1
      )}
    </span>
  );
}

export function GettingStarted() {
  const checklist = useQuery(checklistQuery);
  const data = checklist.data;
  if (!data || data.all_done) return null;
  const doneCount = CHECKLIST_ITEMS.filter((item) => data.items[item]).length;
  return (
    <section
      aria-labelledby="getting-started-heading"
      className="border-border bg-card flex flex-col gap-4 rounded-2xl border p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="getting-started-heading" className="text-lg font-semibold">
            Getting started
          </h2>
          <p className="text-muted-foreground text-sm">Four steps from your first draft to tickets on sale.</p>
        </div>
        <p className="text-muted-foreground font-mono text-xs tracking-wide" data-testid="checklist-progress">
          {doneCount} of {CHECKLIST_ITEMS.length} done
        </p>
      </div>
      <div
        className="bg-muted h-1.5 overflow-hidden rounded-full"
        role="progressbar"
        aria-label="Getting started progress"
        aria-valuemin={0}
        aria-valuemax={CHECKLIST_ITEMS.length}
        aria-valuenow={doneCount}
      >
        <div className="bg-primary h-full transition-[width]" style={{ width: `${(doneCount / 4) * 100}%` }} />
      </div>
      <ol className="flex flex-col gap-3">
        {CHECKLIST_ITEMS.map((item, index) => {
          const done = data.items[item];
          return (
            <li
              key={item}
              data-testid={`checklist-${item}`}
              data-done={done}
              className="border-border flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-center"
            >
              <div className="flex min-w-0 flex-1 items-start gap-3">
                <StateIcon done={done} index={index} />
                <div className="min-w-0">
                  <p className={`font-medium ${done ? 'text-muted-foreground line-through' : ''}`}>
                    {CHECKLIST_TEXTS[item].title}
                    <span className="sr-only">{done ? ' (done)' : ' (to do)'}</span>
                  </p>
                  {done ? null : <p className="text-muted-foreground text-sm">{CHECKLIST_TEXTS[item].text}</p>}
                </div>
              </div>
              {done ? null : <ItemAction item={item} checklist={data} />}
            </li>
          );
        })}
      </ol>
      {data.items.payouts && (data.waiting_drafts > 0 || data.incomplete_drafts.length > 0) ? (
        <PublishDraftsOffer />
      ) : null}
    </section>
  );
}
