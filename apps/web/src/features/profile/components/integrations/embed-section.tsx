// Profile > Integrations > Embeddable checkout (PRO, decision 153): the sites allowed to show the organisation's
// ticket shop in a frame (one per line, checked as typed and again by the server), the one-line script and the
// plain iframe to paste there, each with a copy button, and a preview of the embed.
import { useId, useState } from 'react';
import { checkEmbedOrigin, MAX_EMBED_ORIGINS, type EmbedSettings } from '@marquee/shared';
import { Button } from '../../../../components/ui/button';
import { FieldError, inputClasses } from '../../../../components/ui/input';
import { QueryState } from '../../../../components/ui/query-state';
import { ApiError } from '../../../../lib/api-client';
import { CopyButton } from '../copy-button';
import { useEmbedSettings, useSaveEmbedOrigins } from './embed-api';

const labelClass = 'text-muted-foreground font-mono text-[11px] font-semibold tracking-wider uppercase';

/** The typed lines' problems, before saving ("Line 2: ..."); the server checks again (https in production). */
function lineProblems(lines: string[]): string[] {
  const problems = lines.flatMap((line, index) => {
    const check = checkEmbedOrigin(line, { allowHttp: true });
    return check.ok ? [] : [`Line ${index + 1}: ${check.message}`];
  });
  if (lines.length > MAX_EMBED_ORIGINS) problems.push(`At most ${MAX_EMBED_ORIGINS} sites.`);
  return problems;
}

const linesOf = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

function Snippet({ label, value, hint }: { label: string; value: string; hint: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <span id={id} className={labelClass}>
          {label}
        </span>
        <CopyButton value={value} label={label} />
      </div>
      <pre
        aria-labelledby={id}
        tabIndex={0}
        className="border-border bg-background overflow-x-auto rounded-md border p-3 font-mono text-xs break-all whitespace-pre-wrap"
      >
        <code>{value}</code>
      </pre>
      <p className="text-muted-foreground text-xs">{hint}</p>
    </div>
  );
}

function EmbedForm({ settings }: { settings: EmbedSettings }) {
  const id = useId();
  const save = useSaveEmbedOrigins();
  const [text, setText] = useState(settings.origins.join('\n'));
  const [problems, setProblems] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  const submit = () => {
    const lines = linesOf(text);
    const found = lineProblems(lines);
    setProblems(found);
    setSaved(false);
    if (found.length > 0) return;
    save.mutate(
      { origins: lines },
      {
        // The list as saved: each site as its origin, duplicates once.
        onSuccess: (next) => {
          setText(next.origins.join('\n'));
          setSaved(true);
        },
        onError: (error) =>
          setProblems(
            error instanceof ApiError && error.fields?.length
              ? error.fields.map((field) => {
                  const line = /^origins\.(\d+)$/.exec(field.path);
                  return line ? `Line ${Number(line[1]) + 1}: ${field.message}` : field.message;
                })
              : [error.message || 'The sites could not be saved. Please try again.'],
          ),
      },
    );
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={`${id}-origins`} className={labelClass}>
        Sites allowed to show your tickets
      </label>
      <textarea
        id={`${id}-origins`}
        value={text}
        rows={4}
        spellCheck={false}
        autoCapitalize="off"
        placeholder="https://www.your-site.com"
        aria-invalid={problems.length ? true : undefined}
        aria-describedby={`${id}-hint${problems.length ? ` ${id}-error` : ''}`}
        onChange={(event) => {
          setText(event.target.value);
          setSaved(false);
        }}
        className={`${inputClasses} h-auto py-2 font-mono`}
      />
      <p id={`${id}-hint`} className="text-muted-foreground text-xs">
        {`One site address per line, like https://www.your-site.com (no page path), up to ${MAX_EMBED_ORIGINS}. Only these sites can show the embed; it is refused everywhere else.`}
      </p>
      {problems.length ? <FieldError id={`${id}-error`} message={problems.join(' ')} /> : null}
      <div className="flex items-center gap-3 pt-1">
        <Button type="submit" size="small" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save sites'}
        </Button>
        <span role="status" className="text-muted-foreground text-xs">
          {saved ? 'Saved.' : ''}
        </span>
      </div>
    </form>
  );
}

export function EmbedSection() {
  const embed = useEmbedSettings();
  return (
    <section aria-labelledby="embed-title" className="border-border bg-card flex flex-col gap-5 rounded-2xl border p-5">
      <div className="flex flex-col gap-1">
        <div className="flex items-center gap-2">
          <h2 id="embed-title" className="font-semibold">
            Embeddable checkout
          </h2>
          <span className="bg-primary text-primary-foreground rounded px-1.5 py-0.5 font-mono text-[9px] font-bold">
            PRO
          </span>
        </div>
        <p className="text-muted-foreground text-sm">
          List your events and sell tickets on your own website. Fans pay on the secure payment page and get their
          tickets as usual; it works in browsers that block third-party cookies.
        </p>
      </div>
      <QueryState
        query={embed}
        error="The embed settings could not be loaded. Please try again."
        onRetry={() => void embed.refetch()}
        loading="Loading the embed settings..."
      >
        {(settings) => (
          <>
            <EmbedForm settings={settings} />
            <Snippet
              label="Script tag (recommended)"
              value={settings.script_snippet}
              hint='Paste it where the tickets should appear. To show one event, add data-event="the-event-slug" to the tag.'
            />
            <Snippet
              label="Plain iframe (if your site allows no scripts)"
              value={settings.iframe_snippet}
              hint="It does not resize itself: set its height to suit your page."
            />
            <p className="text-sm">
              <a
                href={settings.preview_url}
                target="_blank"
                rel="noopener noreferrer"
                className="text-foreground font-semibold underline underline-offset-2"
              >
                Preview the embed (new tab)
              </a>
            </p>
          </>
        )}
      </QueryState>
    </section>
  );
}
