// The job queue's part of the database: pg-boss's own schema and the app's queues, installed when the database is
// migrated (so a fresh database can take jobs before any worker starts), and the raw-SQL connection pg-boss runs
// on (PostgreSQL's pool, or PGlite through a small adapter).
import type { PGlite, Transaction } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import type pg from 'pg';

export const JOB_SCHEMA = 'pgboss';

/** Every queue the app uses; all are created when the database is migrated. */
export const QUEUES = {
  /** A checkout e-mail: { kind, orderId, organizationId }, rendered and sent by the worker. */
  checkoutMail: 'checkout-mail',
  /**
   * The organiser's sale digest of one window (decision 147): { organizationId, windowStart }, queued when the
   * window opens to start when it ends; closes the window and sends its e-mail once.
   */
  saleDigest: 'sale-digest',
  /** The automatic refund of a payment that arrived after its tickets sold out: { orderId, organizationId }. */
  checkoutRefund: 'checkout-refund',
  /** Reads and records the provider's fee on a paid order's payment: { orderId, organizationId } (decision 141). */
  providerFee: 'provider-fee',
  /** A webhook the sandbox payments provider delivers: { payload } (modules/payments/sandbox-delivery.ts). */
  sandboxWebhook: 'sandbox-webhook',
  /** Refunds every paid order of a cancelled event: { eventId, organizationId, round? } (modules/cancellations). */
  refundCancelledEvent: 'refund-cancelled-event',
  /** Moves one refund's money at the provider: { refundId, organizationId } (modules/refunds, decision 032). */
  orderRefund: 'order-refund',
  /** A refund, decline or transfer e-mail: { kind, id, organizationId } (modules/refunds/after-sale-mail.ts). */
  afterSaleMail: 'after-sale-mail',
  /** Offers places that came back to an event's waiting list: { eventId, organizationId } (modules/resale). */
  waitlistRun: 'waitlist-run',
  /** A waiting-list e-mail (joined, offer): { kind, entryId, organizationId } (modules/resale). */
  waitlistMail: 'waitlist-mail',
  /** Sends one message to ticket holders within its organisation's rate: { messageId, organizationId } (decision 154). */
  holderMessageSend: 'holder-message-send',
  /** Periodic: passes unused offers on and offers places freed by expired holds or raised capacity. */
  waitlistSweep: 'waitlist-sweep',
  /** A subscription webhook the sandbox delivers for the PRO plan: { payload } (modules/plan/sandbox-billing.ts). */
  sandboxBillingWebhook: 'sandbox-billing-webhook',
  /** Periodic: the sandbox renews (or, cancelled, ends) each PRO subscription whose period is over. */
  sandboxRenewals: 'sandbox-renewals',
  /** Periodic: plans past their period end that were cancelled or left unpaid end; the owner is told once. */
  planPeriodEnd: 'plan-period-end',
  /** One Customer Sync run of one connection: { connectionId, organizationId } (modules/crm, decision 155). */
  crmSync: 'crm-sync',
  /** Periodic: queues a Customer Sync run for each connected connection of a PRO organisation. */
  crmSyncSweep: 'crm-sync-sweep',
  releaseExpiredHolds: 'release-expired-holds',
  archiveEndedEvents: 'archive-ended-events',
  retryPendingRefunds: 'retry-pending-refunds',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export interface SqlResult {
  rows: Array<Record<string, unknown>>;
}
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<SqlResult>;

/**
 * PGlite: parameterised statements go through query(); statements without values may be several in one string
 * (pg-boss's schema install), which only exec() runs; like node-postgres, every result comes back then.
 */
export function pgliteExecuteSql(client: PGlite | Transaction): ExecuteSql {
  return async (text, values) => {
    if (values && values.length > 0) return (await client.query(text, values)) as SqlResult;
    const results = (await client.exec(text)) as SqlResult[];
    return (results.length === 1 ? results[0] : results) as SqlResult;
  };
}

export function poolExecuteSql(pool: pg.Pool): ExecuteSql {
  return async (text, values) => (await pool.query(text, values)) as unknown as SqlResult;
}

/**
 * Installs (or upgrades) pg-boss's schema and creates the app's queues. Part of migrating the database, so a
 * fresh test database (cloned from a migrated one) can take jobs without starting a worker.
 */
export async function installJobQueue(executeSql: ExecuteSql): Promise<void> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => executeSql(text, values) },
    schema: JOB_SCHEMA,
    migrate: true,
    supervise: false,
    schedule: false,
  });
  boss.on('error', () => {});
  await boss.start();
  try {
    for (const name of Object.values(QUEUES)) await boss.createQueue(name);
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}
