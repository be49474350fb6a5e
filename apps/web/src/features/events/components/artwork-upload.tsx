// Event artwork: click or drop an image; the spec's checks run first (50-750 KB, JPG/PNG/GIF), then it
// is uploaded straight away and the form keeps the returned URL. The server's reason shows if it refuses.
import { useRef, useState, type DragEvent } from 'react';
import { errorId, hintId } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { imageFileProblem, readAsDataUrl, uploadImage } from '../../../lib/uploads';
import { fieldFocusClasses } from '../../../components/ui/input';

export const UPLOAD_FAILED_MESSAGE = 'The image could not be uploaded. Please try again.';

export function ArtworkUpload({
  id,
  url,
  onChange,
  error,
}: {
  id: string;
  url: string;
  onChange(url: string): void;
  error?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const shown = uploading && localPreview ? localPreview : url;
  const message = problem ?? error;

  const choose = async (file: File | undefined) => {
    if (!file || uploading) return;
    const fileProblem = imageFileProblem(file);
    if (fileProblem) {
      setProblem(fileProblem);
      return;
    }
    setProblem(null);
    setUploading(true);
    try {
      setLocalPreview(await readAsDataUrl(file));
      const uploaded = await uploadImage(file, 'event-artwork', file.name || 'artwork');
      onChange(uploaded.url);
    } catch (caught) {
      setProblem(caught instanceof ApiError && caught.status < 500 ? caught.message : UPLOAD_FAILED_MESSAGE);
    } finally {
      setUploading(false);
      setLocalPreview(null);
    }
  };

  const onDrop = (event: DragEvent<HTMLButtonElement>) => {
    event.preventDefault();
    setDragging(false);
    void choose(event.dataTransfer.files[0]);
  };

  return (
    <div className="flex flex-col gap-2">
      <button
        id={id}
        type="button"
        onClick={() => input.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        aria-busy={uploading || undefined}
        aria-describedby={[hintId(id), message ? errorId(id) : ''].filter(Boolean).join(' ')}
        aria-invalid={message ? true : undefined}
        className={`group relative flex h-52 w-full sm:h-64 items-center justify-center overflow-hidden rounded-xl border-2 border-dashed transition ${
          dragging
            ? 'border-primary bg-primary/5'
            : message
              ? 'border-red-500/60'
              : 'border-border hover:border-primary bg-muted/40'
        }`}
      >
        {shown ? (
          <>
            <img
              src={shown}
              alt="Event artwork"
              className={`h-full w-full object-cover ${uploading ? 'opacity-50' : ''}`}
            />
            {!uploading ? (
              <span className="absolute right-3 bottom-3 rounded-md bg-black/70 px-2.5 py-1 font-mono text-[11px] font-semibold tracking-wide text-white uppercase opacity-90 group-hover:opacity-100">
                Change image
              </span>
            ) : null}
          </>
        ) : (
          <span className="text-muted-foreground flex flex-col items-center gap-2 px-4 text-center">
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-8 w-8"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
            </svg>
            <span className="text-foreground text-sm font-medium">Click to upload or drag an image here</span>
          </span>
        )}
        {uploading ? (
          <span
            role="status"
            className="absolute inset-0 flex items-center justify-center gap-2 font-mono text-xs font-semibold tracking-wide text-white uppercase"
          >
            <span className="border-primary h-4 w-4 animate-spin rounded-full border-2 border-t-transparent" />
            <span className="rounded bg-black/60 px-2 py-1">Uploading...</span>
          </span>
        ) : null}
      </button>
      <p id={hintId(id)} className="text-muted-foreground text-xs">
        JPG, PNG or GIF, 50 KB to 750 KB.
      </p>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/gif"
        className="sr-only"
        aria-label="Event artwork file"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          void choose(file);
        }}
      />
      {message ? (
        <p id={errorId(id)} role="alert" className="text-xs font-medium tracking-wide text-danger uppercase">
          {message}
        </p>
      ) : null}
    </div>
  );
}

export function LineupInput({
  id,
  lineup,
  onChange,
}: {
  id: string;
  lineup: string[];
  onChange(lineup: string[]): void;
}) {
  const [text, setText] = useState('');
  return (
    <div className="flex flex-col gap-2">
      <input
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          const name = text.trim();
          if (!name) return;
          onChange([...lineup, name]);
          setText('');
        }}
        placeholder="Type a name and press Enter"
        maxLength={100}
        aria-describedby={hintId(id)}
        className={`border-border bg-background text-foreground placeholder:text-muted-foreground h-11 w-full rounded-md border px-3 text-sm transition ${fieldFocusClasses}`}
      />
      {lineup.length ? (
        <ul aria-label="Line-up" className="flex flex-wrap gap-1.5">
          {lineup.map((name, index) => (
            <li key={`${name}-${index}`}>
              <button
                type="button"
                aria-label={`Remove ${name}`}
                onClick={() => onChange(lineup.filter((_, position) => position !== index))}
                className="bg-muted text-foreground hover:bg-red-500/15 hover:text-danger flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-medium transition"
              >
                {name}
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
