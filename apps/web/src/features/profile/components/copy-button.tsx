import { useState } from 'react';

/** Copies a DNS record value; a tick confirms it for 2 s. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      aria-label={`Copy ${label}`}
      onClick={() => {
        void navigator.clipboard
          .writeText(value)
          .then(() => {
            setCopied(true);
            window.setTimeout(() => setCopied(false), 2000);
          })
          .catch((error: unknown) => console.warn('Copy failed', error));
      }}
      className="border-border hover:bg-muted shrink-0 rounded-md border px-2 py-1 font-mono text-[10px] font-semibold tracking-wider uppercase"
    >
      {copied ? '✓ Copied' : 'Copy'}
    </button>
  );
}
