// One way to call Stripe's SDK for every Stripe adapter file.
import Stripe from 'stripe';
import { AppError } from '../../lib/errors.js';

/** Stripe's refusals become one 502 AppError; Stripe's own message stays in `cause` (logged, never sent). */
export async function call<T>(action: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      const wrapped = new AppError('BAD_GATEWAY', `Stripe could not ${action}. Please try again.`);
      wrapped.cause = error;
      throw wrapped;
    }
    throw error;
  }
}
