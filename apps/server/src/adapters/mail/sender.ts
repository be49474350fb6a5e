// Who a message is from: always MAIL_FROM's address (the one the domain's SPF/DKIM cover), optionally under
// another display name such as the organiser's company, so fans see who sold them the tickets.

export interface Sender {
  name?: string;
  address: string;
}

/** 'Marquee <hello@marquee.test>' or 'hello@marquee.test' -> its parts. */
export function parseMailFrom(mailFrom: string): Sender {
  const match = /^\s*(.*?)\s*<([^<>\s]+)>\s*$/.exec(mailFrom);
  if (!match) return { address: mailFrom.trim() };
  const name = match[1]!.replace(/^"(.*)"$/, '$1').replace(/\\(.)/g, '$1');
  return name ? { name, address: match[2]! } : { address: match[2]! };
}

/**
 * A display name safe to put in a header: control characters (CR/LF would inject headers) become spaces and
 * the length is capped. Quoting or RFC 2047 encoding is left to nodemailer, which does it per header.
 */
export function cleanDisplayName(name: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  const controls = /[\u0000-\u001f\u007f]+/g;
  return name.replace(controls, ' ').replace(/\s+/g, ' ').trim().slice(0, 100);
}

export function senderFor(mailFrom: string, fromName: string | undefined): Sender {
  const base = parseMailFrom(mailFrom);
  const name = fromName === undefined ? undefined : cleanDisplayName(fromName);
  return name ? { name, address: base.address } : base;
}

/** The sender as one header-style string (for the outbox): the name quoted unless it is plain words. */
export function formatSender(sender: Sender): string {
  if (!sender.name) return sender.address;
  const name = /^[A-Za-z0-9 !#$%&'*+\-/=?^_`{|}~]+$/.test(sender.name)
    ? sender.name
    : `"${sender.name.replace(/["\\]/g, '\\$&')}"`;
  return `${name} <${sender.address}>`;
}
