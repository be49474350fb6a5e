// The add-on form's rules (decision 134): the form as typed, checked by the shared schema (and its messages) plus the
// currency's rules for a price, the server's refusals put back on their fields, and the stock figures the table shows.
import {
  ADD_ON_MESSAGES,
  TICKET_TYPE_MESSAGES,
  addOnInputSchema,
  currencyDecimals,
  fromMinorUnits,
  ticketPriceTooHigh,
  type AddOnDto,
  type AddOnInput,
  type CurrencyCode,
  type VatCategory,
} from '@marquee/shared';

export type AddOnField = 'name' | 'description' | 'price' | 'capacity' | 'max_per_order' | 'vat_category';
export type AddOnErrors = Partial<Record<AddOnField, string>>;

export interface AddOnDraft {
  name: string;
  description: string;
  price: string;
  /** Empty: no stock limit. */
  capacity: string;
  maxPerOrder: string;
  /** Decision 139: asked only while the organisation is VAT-registered. */
  vatCategory: VatCategory;
}

export const addOnDraftOf = (item: AddOnDto | null, currency: CurrencyCode): AddOnDraft => ({
  name: item?.name ?? '',
  description: item?.description ?? '',
  price: item ? fromMinorUnits(item.price_minor, currency) : '',
  capacity: item?.capacity == null ? '' : String(item.capacity),
  maxPerOrder: String(item?.max_per_order ?? 10),
  vatCategory: item?.vat_category ?? 'standard',
});

const FIELDS: readonly AddOnField[] = ['name', 'description', 'price', 'capacity', 'max_per_order', 'vat_category'];

/** The form as the API's body, or the first message per field. */
export function parseAddOnDraft(draft: AddOnDraft, currency: CurrencyCode): { body?: AddOnInput; errors: AddOnErrors } {
  // A number input left blank or holding text reaches the schema as NaN, which its range message answers.
  const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
  const result = addOnInputSchema.safeParse({
    name: draft.name,
    description: draft.description,
    price: draft.price.trim(),
    capacity: draft.capacity.trim() === '' ? null : toNumber(draft.capacity),
    max_per_order: toNumber(draft.maxPerOrder),
    vat_category: draft.vatCategory,
  });
  const errors: AddOnErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) errors[issue.path[0] as AddOnField] ??= issue.message;
  }
  // The server's rules for a price typed in this currency: its decimals and the ceiling.
  if (!errors.price) {
    const [, fraction = ''] = draft.price.trim().split('.');
    if (currencyDecimals(currency) === 0 && /[^0]/.test(fraction)) errors.price = TICKET_TYPE_MESSAGES.jpyDecimals;
    else if (ticketPriceTooHigh(draft.price, currency)) errors.price = ADD_ON_MESSAGES.priceTooHigh(currency);
  }
  return result.success && Object.keys(errors).length === 0 ? { body: result.data, errors } : { errors };
}

/**
 * A refusal from the API: its field messages under their fields, or (none of the form's fields named) the message
 * above the form.
 */
export function addOnServerErrors(refusal: { message: string; fields?: Array<{ path: string; message: string }> }): {
  fields: AddOnErrors;
  form: string | null;
} {
  const fields: AddOnErrors = {};
  for (const field of refusal.fields ?? []) {
    const path = field.path.split('.')[0] as AddOnField;
    if (FIELDS.includes(path)) fields[path] ??= field.message;
  }
  return { fields, form: Object.keys(fields).length > 0 ? null : refusal.message };
}

const count = (value: number) => value.toLocaleString('en-GB');

/** The table's stock cell: '3 / 50', or '3 (no limit)'. */
export function addOnStockText(item: Pick<AddOnDto, 'sold' | 'capacity'>): string {
  return item.capacity === null ? `${count(item.sold)} (no limit)` : `${count(item.sold)} / ${count(item.capacity)}`;
}

/** Nothing left to sell: the stock is all sold or held. */
export const addOnSoldOut = (item: Pick<AddOnDto, 'sold' | 'held' | 'capacity'>) =>
  item.capacity !== null && item.sold + item.held >= item.capacity;
