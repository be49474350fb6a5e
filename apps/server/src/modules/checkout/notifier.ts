// What happens after a checkout changes state: e-mails to the fan and the organiser, and the refund of a
// payment that could not be honoured. The ones that must not be lost are durable jobs, queued in the same
// transaction as the change and run by the job worker. Implemented by notifications.ts.
import type { FulfilmentFollowUp } from './fulfilment.js';
import type { Tx } from '../../db/tx.js';
import type { EventMovedMailJob } from '../events/events.moved.js';
import type { SaleDigestJob } from './sale-digest.js';

/**
 * The checkout e-mails sent by the job worker; the payload names the order, never a person (a moved event's
 * also carries the new and old times, events.moved.ts).
 */
export type CheckoutMailKind =
  'order-confirmation' | 'organiser-sale' | 'late-refund' | 'event-cancelled' | 'payment-review';
export type CheckoutMailJob =
  | {
      kind: CheckoutMailKind;
      orderId: string;
      organizationId: string;
    }
  | EventMovedMailJob;

export interface CheckoutNotifier {
  /** True when the PDF and calendar files can be offered on the order page. */
  readonly hasDocuments: boolean;
  /** Queues the jobs a committed fulfilment needs (e-mails, a refund), inside the fulfilment's transaction. */
  queueFollowUp(tx: Tx, followUp: FulfilmentFollowUp): Promise<void>;
  /**
   * Runs some of the checkout jobs that are due (a refund, e-mails, a provider fee) here and now and returns how
   * many; a failure leaves the job to the worker's retries.
   */
  deliverQueued(): Promise<number>;
  /**
   * After a sale commits: has the mail lane (jobs/mail-lane.ts) run the due checkout jobs once the process is
   * quiet, so the sale answers without making its e-mails; the order page shows the tickets at once.
   */
  deliverSoon(): void;
  /** The mail job: renders the e-mail from the order and sends it to each recipient not yet sent it. */
  deliverMail(job: CheckoutMailJob): Promise<void>;
  /**
   * The sale digest job (decision 147): closes the organisation's window and e-mails the sales gathered in it to
   * each organiser not yet sent it.
   */
  deliverSaleDigest(job: SaleDigestJob): Promise<void>;
  /** The provider-fee job (decision 141): reads the fee of a paid order's payment and records it once. */
  recordProviderFee(job: { orderId: string; organizationId: string }): Promise<void>;
  /** The refund job: refunds at the provider (idempotently) and queues the fan's e-mail once refunded. */
  refundUnfulfilled(input: { orderId: string; organizationId: string }): Promise<void>;
  /**
   * The refund job of a payment that did not match its order (decision 050): refunds it in full at the provider
   * (idempotently, keyed by the payment), records the refund once and queues the organiser's e-mail.
   */
  refundMismatched(input: {
    orderId: string;
    organizationId: string;
    sessionId: string;
    paymentIntentId: string | null;
  }): Promise<void>;
  sendOrderLinks(input: { organizationId: string; email: string; origin: string }): Promise<void>;
  /** A paid order's PDF and calendar file (null when the order is not paid). */
  documents(input: { orderId: string; organizationId: string }): Promise<{
    pdf(): Promise<Buffer>;
    /** null when the event has no start time yet. */
    ics(): string | null;
    code: string;
    eventName: string;
  } | null>;
}
