// What happens after a checkout changes state, outside its transaction: e-mails to the fan and the organiser,
// and the refund of a payment that could not be honoured. Implemented by notifications.ts.
export interface CheckoutNotifier {
  /** True when the PDF and calendar files can be offered on the order page. */
  readonly hasDocuments: boolean;
  orderPaid(input: { orderId: string; organizationId: string }): Promise<void>;
  refundUnfulfilled(input: { orderId: string; organizationId: string }): Promise<void>;
  sendOrderLinks(input: { organizationId: string; email: string; origin: string }): Promise<void>;
}
