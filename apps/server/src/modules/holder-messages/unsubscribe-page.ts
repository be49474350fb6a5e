// The small page of an unsubscribe link (decision 154): GET asks with one button, its POST (or a mail client's
// one-click POST) unsubscribes and shows that it did. Plain HTML, every value escaped.
import { escapeHtml } from '../../lib/html.js';

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
<style>
body{margin:0;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;background:#f5f5f5;color:#171717}
main{max-width:28rem;margin:10vh auto;padding:2rem;background:#fff;border:1px solid #e5e5e5;border-radius:12px}
h1{font-size:1.375rem;margin:0 0 1rem}p{line-height:1.5}
button{font:inherit;font-weight:600;padding:.75rem 1.5rem;border-radius:8px;border:0;background:#171717;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
@media (prefers-color-scheme:dark){body{background:#0a0a0a;color:#f5f5f5}main{background:#171717;border-color:#262626}button{background:#f5f5f5;color:#0a0a0a}button:focus-visible{outline-color:#60a5fa}}
</style>
</head>
<body><main>${body}</main></body>
</html>`;

export function unsubscribeAskPage(companyName: string, email: string, action: string, already: boolean) {
  const name = escapeHtml(companyName);
  if (already)
    return page(
      'Unsubscribed',
      `<h1>You are unsubscribed</h1><p>${escapeHtml(email)} gets no more marketing e-mails from ${name}. E-mails about tickets you hold still arrive.</p>`,
    );
  return page(
    'Unsubscribe',
    `<h1>Unsubscribe from ${name}</h1>
<p>Stop marketing e-mails from ${name} to ${escapeHtml(email)}? E-mails about tickets you hold still arrive.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form>`,
  );
}

export function unsubscribeDonePage(companyName: string, email: string) {
  return unsubscribeAskPage(companyName, email, '', true);
}

export const unsubscribeInvalidPage = () =>
  page('Link not valid', '<h1>This link is not valid</h1><p>Use the unsubscribe link of the e-mail itself.</p>');
