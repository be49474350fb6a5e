// Business constants from the product spec (section 9), written once for the server and the web app.
export const PRODUCT_NAME = 'Marquee';
export const BOOKING_FEE_PERCENT = 8;

export const DEFAULT_PRIMARY_COLOR = '#00ea6f';
export const DEFAULT_SECONDARY_COLOR = '#1a1a1a';
/** The secondary colour used when a saved value is missing (spec section 3). */
export const FALLBACK_SECONDARY_COLOR = '#0a0a0a';
export const DEFAULT_FONT_FAMILY = 'Inter';
export const FONT_FAMILIES = [
  'Inter',
  'DM Sans',
  'Open Sans',
  'Roboto',
  'Archivo',
  'Bebas Neue',
  'Geist Mono',
] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];

export const CURRENCIES = [
  { code: 'GBP', symbol: '£' },
  { code: 'USD', symbol: '$' },
  { code: 'EUR', symbol: '€' },
  { code: 'AUD', symbol: '$' },
  { code: 'CAD', symbol: '$' },
  { code: 'JPY', symbol: '¥' },
  { code: 'CHF', symbol: 'CHF' },
  { code: 'CNY', symbol: '¥' },
  { code: 'INR', symbol: '₹' },
] as const;
export type CurrencyCode = (typeof CURRENCIES)[number]['code'];
export const CURRENCY_CODES = CURRENCIES.map((currency) => currency.code) as [CurrencyCode, ...CurrencyCode[]];
export const DEFAULT_CURRENCY: CurrencyCode = 'GBP';

export const IMAGE_MIN_BYTES = 50 * 1024;
export const IMAGE_MAX_BYTES = 750 * 1024;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
