// Escaping for the e-mail templates (adapters/mail/templates.ts), which are built as strings for mail clients.
// Pages are React components (lib/document.tsx, decision 060): JSX escapes them.
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const HTML_SPECIAL = /[&<>"']/;

export function escapeHtml(value: unknown): string {
  const text = String(value ?? '');
  // Most texts have nothing to escape: one scan, and the same string back (an e-mail escapes dozens of them).
  return HTML_SPECIAL.test(text) ? text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!) : text;
}
