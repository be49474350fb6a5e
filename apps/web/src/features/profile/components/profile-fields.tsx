// The Profile page's own fields: a titled card, the description, the legal pages (terms and privacy), a colour
// with its picker and an uploaded image with its preview.
import { useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { isHttpsPage, ORGANIZATION_MESSAGES } from '@marquee/shared';
import { Button } from '../../../components/ui/button';
import { FieldError, TextField, inputClasses } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { imageFileProblem, uploadImage, type UploadPurpose } from '../../../lib/uploads';

/** A titled card: a region named by its heading. */
export function Card({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="border-border bg-card flex flex-col gap-5 rounded-2xl border p-5">
      <h2 id={headingId} className="font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

type LegalKey = 'terms_url' | 'privacy_url';

/**
 * The organiser's terms and privacy pages: the storefront footer links them and the checkout's terms tick
 * points to them. Checked as typed (on leaving the field) with the rule the server applies on save.
 */
export function LegalPages({
  termsUrl,
  privacyUrl,
  onChange,
  errors,
}: {
  termsUrl: string;
  privacyUrl: string;
  onChange(key: LegalKey, value: string): void;
  errors: Partial<Record<LegalKey, string | undefined>>;
}) {
  const [touched, setTouched] = useState<Partial<Record<LegalKey, boolean>>>({});
  const hintId = useId();
  const problem = (key: LegalKey, value: string) =>
    errors[key] ??
    (touched[key] && value.trim() !== '' && !isHttpsPage(value.trim()) ? ORGANIZATION_MESSAGES.httpsPage : undefined);
  const fields: Array<{ key: LegalKey; label: string; value: string; placeholder: string }> = [
    { key: 'terms_url', label: 'Terms Page', value: termsUrl, placeholder: 'https://yourwebsite.com/terms' },
    { key: 'privacy_url', label: 'Privacy Page', value: privacyUrl, placeholder: 'https://yourwebsite.com/privacy' },
  ];
  return (
    <Card title="Legal Pages">
      <p id={hintId} className="text-muted-foreground -mt-2 text-sm">
        Your own terms and privacy policy. Buyers find them in your storefront&apos;s footer and beside the
        checkout&apos;s terms tick. Leave empty if you have none.
      </p>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {fields.map((field) => (
          <TextField
            key={field.key}
            id={`profile-${field.key}`}
            label={field.label}
            type="url"
            inputMode="url"
            placeholder={field.placeholder}
            value={field.value}
            aria-describedby={problem(field.key, field.value) ? `profile-${field.key}-error` : hintId}
            onChange={(event) => onChange(field.key, event.target.value)}
            onBlur={() => setTouched((current) => ({ ...current, [field.key]: true }))}
            error={problem(field.key, field.value)}
          />
        ))}
      </div>
    </Card>
  );
}

export function Description({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange(value: string): void;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label
        htmlFor={id}
        className="text-muted-foreground font-mono text-[11px] font-semibold tracking-wider uppercase"
      >
        Description
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        rows={4}
        maxLength={1000}
        aria-invalid={error ? true : undefined}
        className={`${inputClasses} h-auto py-2`}
      />
      {error ? <FieldError message={error} /> : null}
    </div>
  );
}

export function ColourField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label
        htmlFor={id}
        className="text-muted-foreground font-mono text-[11px] font-semibold tracking-wider uppercase"
      >
        {label}
      </label>
      <div className="flex gap-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'}
          onChange={(event) => onChange(event.target.value)}
          className="border-border h-11 w-14 cursor-pointer rounded-md border bg-transparent p-1"
        />
        <input
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          className={`${inputClasses} font-mono`}
          maxLength={7}
        />
      </div>
      {error ? <FieldError message={error} /> : null}
    </div>
  );
}

export function ImageField({
  label,
  purpose,
  url,
  onChange,
  wide = false,
  serverError,
}: {
  label: string;
  purpose: UploadPurpose;
  url: string;
  onChange(url: string): void;
  wide?: boolean;
  /** The API's message for this field on save (e.g. an image on another site). */
  serverError?: string | undefined;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
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
    setBusy(true);
    try {
      const uploaded = await uploadImage(file, purpose, file.name);
      onChange(uploaded.url);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'The image could not be uploaded. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <span className="text-muted-foreground font-mono text-[11px] font-semibold tracking-wider uppercase">
        {label}
      </span>
      <div
        className={`border-border bg-muted flex items-center justify-center overflow-hidden rounded-xl border ${wide ? 'aspect-[3/1]' : 'aspect-square max-w-40'}`}
      >
        {url ? (
          <img src={url} alt={`${label} preview`} className="h-full w-full object-cover" />
        ) : (
          <span className="text-muted-foreground text-xs">No image</span>
        )}
      </div>
      <div className="flex gap-2">
        <Button size="xs" variant="secondary" onClick={() => input.current?.click()} disabled={busy}>
          {busy ? 'Uploading...' : url ? `Change ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
        </Button>
        {url ? (
          <Button size="xs" variant="secondary" onClick={() => onChange('')} disabled={busy}>
            Remove
          </Button>
        ) : null}
      </div>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/gif"
        className="sr-only"
        tabIndex={-1}
        aria-label={`${label} file`}
        onChange={(event) => void onFile(event)}
      />
      {error || serverError ? <FieldError message={(error ?? serverError) as string} /> : null}
    </div>
  );
}
