// Once payouts are enabled: 'N drafts are ready to publish' with a button that publishes each of them
// (POST /api/events/publish-drafts, every draft checked like a normal publish), and each draft that is not ready
// with what publishing it still needs and a link to finish it. The server decides which is which with the publish
// check's own rules, so an empty draft is never offered. Shown on Billing, the events list and the
// getting-started checklist; nothing when no draft is waiting.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PUBLISH_DRAFTS_TEXTS, type Checklist, type PublishDraftsResult } from '@marquee/shared';
import { Button } from '../ui/button';
import { ApiError } from '../../lib/api-client';
import { checklistQuery, usePublishDrafts } from '../../lib/guidance';

function IncompleteDrafts({ drafts }: { drafts: Checklist['incomplete_drafts'] }) {
  return (
    <ul className="flex flex-col gap-3" aria-label="Drafts not ready to publish">
      {drafts.map((draft) => (
        <li key={draft.id} className="flex flex-col gap-1">
          <p>{PUBLISH_DRAFTS_TEXTS.incomplete(draft.name)}</p>
          <ul className="text-muted-foreground list-disc pl-5">
            {draft.missing.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
          <Link to={`/dashboard/events/edit/${draft.id}`} className="w-fit font-semibold underline underline-offset-2">
            {PUBLISH_DRAFTS_TEXTS.finish(draft.name)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function PublishDraftsOffer() {
  const checklist = useQuery(checklistQuery);
  const publish = usePublishDrafts();
  const [result, setResult] = useState<PublishDraftsResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const payouts = Boolean(checklist.data?.items.payouts);
  const waiting = payouts ? (checklist.data?.waiting_drafts ?? 0) : 0;
  const incomplete = payouts ? (checklist.data?.incomplete_drafts ?? []) : [];
  if (waiting === 0 && incomplete.length === 0 && !result) return null;

  const run = async () => {
    setFailure(null);
    try {
      setResult(await publish.mutateAsync());
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.status < 500
          ? error.message
          : 'The drafts could not be published. Please try again.',
      );
    }
  };

  return (
    <div
      role="region"
      aria-label="Waiting drafts"
      className="border-primary/40 bg-primary/10 flex flex-col gap-3 rounded-2xl border p-4 text-sm"
    >
      {/* Only incomplete drafts: no empty row above their list. */}
      {waiting > 0 || result || failure ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex flex-col gap-1" aria-live="polite">
            {waiting > 0 ? <p className="font-medium">{PUBLISH_DRAFTS_TEXTS.offer(waiting)}</p> : null}
            {result && result.published.length > 0 ? (
              <p>{PUBLISH_DRAFTS_TEXTS.published(result.published.length)}</p>
            ) : null}
            {result?.not_published.map((draft) => (
              <p key={draft.id} className="text-danger">
                {PUBLISH_DRAFTS_TEXTS.notPublished(draft.name, draft.message)}
              </p>
            ))}
            {failure ? (
              <p role="alert" className="text-danger">
                {failure}
              </p>
            ) : null}
          </div>
          {waiting > 0 ? (
            <Button size="small" onClick={() => void run()} disabled={publish.isPending} className="shrink-0">
              {publish.isPending ? 'Publishing...' : PUBLISH_DRAFTS_TEXTS.button(waiting)}
            </Button>
          ) : null}
        </div>
      ) : null}
      {incomplete.length > 0 ? <IncompleteDrafts drafts={incomplete} /> : null}
    </div>
  );
}
