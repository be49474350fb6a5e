// What PRO costs a month: PRO_MONTHLY_PRICE (minor units) in PRO_CURRENCY, 2900 GBP (£29.00); ISO code in capitals like every currency in the product by default.
import type { Config } from '../../config.js';

export function proPrice(config: Config): { amount: number; currency: string } {
  return { amount: config.raw.PRO_MONTHLY_PRICE, currency: config.raw.PRO_CURRENCY };
}
