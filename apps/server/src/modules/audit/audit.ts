// The audit trail of orders and tickets (issue 14, point 7): every change (paid, refunded, transferred, listed,
// resold, checked in, undone, ...) is one `order_change` row with who (a user id, or the fan, the provider or the
// system), when, and from which device. Write it in the transaction that makes the change, so the trail and the
// change commit together. The order detail in the dashboard shows it (modules/orders).
import type { FastifyRequest } from 'fastify';
import { orderChange } from '../../db/schema/index.js';
import type { Tx } from '../../db/tx.js';

export type AuditActor =
  { type: 'organiser'; userId: string | null } | { type: 'fan' } | { type: 'provider' } | { type: 'system' };

export interface AuditEntry {
  organizationId: string;
  orderId: string;
  /** The ticket the change is about, when it is about one ticket. */
  ticketId?: string | null;
  /** What happened: 'paid', 'refunded', 'transferred', 'checked_in', 'check_in_undone', ... */
  action: string;
  fromStatus?: string | null;
  toStatus?: string | null;
  actor: AuditActor;
  /** A device label (check-in devices) or the browser's user agent; see deviceOf(). */
  device?: string | null;
  /** Small facts for the trail (amounts, reason, codes); never an e-mail address or a token. */
  detail?: Record<string, unknown> | null;
  at?: Date;
}

const DEVICE_MAX = 200;

/** The device a request came from: an explicit label when the client sends one, else its user agent. */
export function deviceOf(request: FastifyRequest, label?: string | null): string | null {
  const raw = label?.trim() || request.headers['user-agent'] || '';
  // Control characters out (a header can carry none, a label is schema-checked, but the trail is shown as text).
  const clean = String(raw)
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .trim();
  return clean ? clean.slice(0, DEVICE_MAX) : null;
}

/** Records one change in the trail, inside the caller's transaction. */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(orderChange).values({
    organizationId: entry.organizationId,
    orderId: entry.orderId,
    ticketId: entry.ticketId ?? null,
    action: entry.action,
    fromStatus: entry.fromStatus ?? null,
    toStatus: entry.toStatus ?? null,
    actorType: entry.actor.type,
    actorUserId: entry.actor.type === 'organiser' ? entry.actor.userId : null,
    device: entry.device ?? null,
    detail: entry.detail ?? null,
    ...(entry.at ? { at: entry.at } : {}),
  });
}

/** A short human label of a user agent for the trail ('Chrome on Android'); the full text stays stored. */
export function deviceLabel(device: string | null): string | null {
  if (!device) return null;
  if (!/Mozilla\/|AppleWebKit|Gecko\//.test(device)) return device;
  const browser = /Edg\//.test(device)
    ? 'Edge'
    : /Firefox\//.test(device)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(device)
        ? 'Chrome'
        : /Safari\//.test(device)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(device)
    ? 'Android'
    : /iPhone|iPad/.test(device)
      ? 'iOS'
      : /Mac OS X/.test(device)
        ? 'macOS'
        : /Windows/.test(device)
          ? 'Windows'
          : /Linux/.test(device)
            ? 'Linux'
            : null;
  return system ? `${browser} on ${system}` : browser;
}
