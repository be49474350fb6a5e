// What the order page's after-sale parts show: a fan's ticket and the order's after-sale state (after-sale-pages.tsx
// and after-sale-forms.tsx both read them).
import type { NoticeMessage } from './notice.js';
import type { TicketState } from '@marquee/shared';
import type { QrRun } from '../modules/ticket-documents/ticket-documents.qr.js';

/** A ticket's QR symbol: its size in modules and its dark modules as horizontal runs. */
export interface QrSymbol {
  size: number;
  runs: readonly QrRun[];
}

export interface FanTicket {
  code: string;
  typeName: string;
  holderName: string;
  status: TicketState;
  /** The QR symbol of a ticket the fan still holds, else null. */
  qr: QrSymbol | null;
  /** The new holder's name when this ticket was sent to someone. */
  transferredTo: string | null;
  checkedIn: boolean;
  /** Its resale listing, open or sold (decision 035). */
  listing: { status: 'listed' | 'sold'; priceMinor: number; currency: string } | null;
  /** Bought for nothing (decision 124): given away by a transfer, never listed for resale. */
  free: boolean;
}

export interface AfterSaleView {
  token: string;
  refundsAllowed: boolean;
  resaleAllowed: boolean;
  /** The order cost nothing (decision 124): a 'refund' only cancels its tickets. */
  free: boolean;
  /** The order can still be refunded or transferred (paid, event not cancelled or over). */
  active: boolean;
  /** The latest request's state: 'requested' (waiting), 'declined' (with reason) or none. */
  request: { status: 'requested' | 'declined'; declineReason: string | null } | null;
  /** After a form: a refusal (alert) or what was done (note). */
  message?: NoticeMessage;
  /** The transfer form's values after a refusal, for the ticket it was about. */
  transfer?: { code: string; name: string; email: string };
  /** A transfer filled in and waiting for the fan's confirmation. */
  transferConfirm?: { code: string; name: string; email: string };
}
