// The development mailbox page (/dev/mailbox) as React rendered on the server (decision 060). Every part of a
// message is text that JSX escapes; its HTML part is shown in a sandboxed frame's srcdoc attribute, which React
// escapes as any attribute.
import type { OutboxMessage } from '../../adapters/mail/outbox.js';
import { Document, renderHtml } from '../../lib/document.js';
import { attachmentUrl, previewDocument } from './dev-mail.preview.js';

const mailboxCss = `header{margin-bottom:32px}.badge{display:inline-block;padding:2px 10px;border-radius:999px;background:#00ea6f;color:#0a0a0a;font-size:13px;font-weight:700;letter-spacing:.02em}h1{margin:12px 0 8px;font-size:28px}article{border:1px solid #262626;border-radius:12px;margin:0 0 24px;overflow:hidden;background:#111}article>dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0;padding:16px 20px;border-bottom:1px solid #262626}dt{color:#a3a3a3}dd{margin:0;overflow-wrap:anywhere}.subject{font-weight:700}details{border-bottom:1px solid #262626}summary{cursor:pointer;padding:10px 20px;color:#a3a3a3}pre{margin:0;padding:0 20px 16px;white-space:pre-wrap;overflow-wrap:anywhere;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}iframe{display:block;width:100%;height:560px;border:0;background:#0a0a0a}form{display:flex;gap:8px;flex-wrap:wrap;margin-top:16px}input{flex:1 1 240px;padding:8px 12px;border-radius:8px;border:1px solid #404040;background:#0a0a0a;color:inherit;font:inherit}ul.attachments{margin:0;padding:0;list-style:none}ul.attachments li{margin:0 0 2px}button{padding:8px 16px;border-radius:8px;border:0;background:#00ea6f;color:#0a0a0a;font:inherit;font-weight:700;cursor:pointer}`;

function formatSize(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

function Attachments({ message }: { message: OutboxMessage }) {
  if (message.attachments.length === 0) return null;
  return (
    <>
      <dt>Attachments</dt>
      <dd>
        <ul className="attachments">
          {message.attachments.map((attachment) => (
            <li key={attachment.id}>
              <a href={attachmentUrl(message.id, attachment.id)} download={attachment.filename}>
                {attachment.filename}
              </a>{' '}
              <span className="muted">
                {`${attachment.contentType}, ${formatSize(attachment.size)}${attachment.cid ? ', inline' : ''}`}
              </span>
            </li>
          ))}
        </ul>
      </dd>
    </>
  );
}

function Message({ message }: { message: OutboxMessage }) {
  const iso = message.createdAt.toISOString();
  return (
    <article>
      <dl>
        <dt>From</dt>
        <dd>{message.from}</dd>
        <dt>To</dt>
        <dd>{message.to}</dd>
        <dt>Subject</dt>
        <dd className="subject">{message.subject}</dd>
        <dt>Sent</dt>
        <dd>
          <time dateTime={iso}>{`${iso.replace('T', ' ').slice(0, 19)} UTC`}</time>
        </dd>
        <Attachments message={message} />
      </dl>
      <details>
        <summary>Plain text</summary>
        <pre>{message.text}</pre>
      </details>
      {/* No allow-scripts, no allow-same-origin: the e-mail's HTML runs nothing and reads nothing of the app. */}
      <iframe
        title={`HTML part of: ${message.subject}`}
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        loading="lazy"
        srcDoc={previewDocument(message)}
      />
    </article>
  );
}

/** The outbox, newest first, with a filter by recipient. */
export function renderMailboxPage(options: { messages: OutboxMessage[]; to?: string | undefined; smtp: boolean }) {
  const { messages, to } = options;
  return renderHtml(
    <Document title="Development outbox · Marquee" css={mailboxCss}>
      <main>
        <header>
          <span className="badge">Development outbox</span>
          <h1>Mailbox</h1>
          <p className="muted">
            E-mails Marquee would have sent, newest first. They were kept in the database and not delivered to anyone.
            This page does not exist in production.
          </p>
          {options.smtp ? (
            <p className="muted">
              SMTP_URL is set, so new e-mails are delivered through SMTP and no longer appear here.
            </p>
          ) : null}
          <form method="get" action="/dev/mailbox">
            <input
              type="email"
              name="to"
              placeholder="Filter by recipient e-mail"
              defaultValue={to ?? ''}
              aria-label="Recipient e-mail"
            />
            <button type="submit">Filter</button>
          </form>
        </header>
        {messages.length > 0 ? (
          messages.map((message) => <Message key={message.id} message={message} />)
        ) : (
          <p className="muted">{`No e-mails${to ? ` to ${to}` : ''} yet.`}</p>
        )}
      </main>
    </Document>,
  );
}
