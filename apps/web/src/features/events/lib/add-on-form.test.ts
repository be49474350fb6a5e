import { describe, expect, it } from 'vitest';
import { ADD_ON_MESSAGES, type AddOnDto } from '@marquee/shared';
import {
  addOnDraftOf,
  addOnServerErrors,
  addOnSoldOut,
  addOnStockText,
  parseAddOnDraft,
  type AddOnDraft,
} from './add-on-form';

const draft = (changes: Partial<AddOnDraft> = {}): AddOnDraft => ({
  name: 'T-shirt',
  description: '',
  price: '15.00',
  capacity: '50',
  maxPerOrder: '4',
  vatCategory: 'standard',
  ...changes,
});

const shirt: AddOnDto = {
  id: 'a1',
  name: 'T-shirt',
  description: 'Black',
  price_minor: 1500,
  currency: 'GBP',
  capacity: 50,
  max_per_order: 4,
  vat_category: 'standard',
  sold: 3,
  held: 2,
  handed_over: 1,
};

describe('parseAddOnDraft', () => {
  it('gives the API body: trimmed name, price as typed, empty stock as no limit', () => {
    expect(parseAddOnDraft(draft({ name: '  T-shirt ' }), 'GBP')).toEqual({
      body: {
        name: 'T-shirt',
        description: '',
        price: '15.00',
        capacity: 50,
        max_per_order: 4,
        vat_category: 'standard',
      },
      errors: {},
    });
    expect(parseAddOnDraft(draft({ capacity: '  ', price: '0' }), 'GBP').body).toMatchObject({
      capacity: null,
      price: '0',
    });
  });

  it("answers each bad field with the shared schema's message", () => {
    const { body, errors } = parseAddOnDraft(
      { name: ' ', description: 'ok', price: '12.345', capacity: '-1', maxPerOrder: '', vatCategory: 'standard' },
      'GBP',
    );
    expect(body).toBeUndefined();
    expect(errors).toEqual({
      name: ADD_ON_MESSAGES.nameRequired,
      price: ADD_ON_MESSAGES.priceInvalid,
      capacity: ADD_ON_MESSAGES.capacityRange,
      max_per_order: ADD_ON_MESSAGES.maxPerOrderRange,
    });
    expect(parseAddOnDraft(draft({ price: '-1' }), 'GBP').errors).toEqual({ price: ADD_ON_MESSAGES.priceInvalid });
    expect(parseAddOnDraft(draft({ name: 'x'.repeat(61) }), 'GBP').errors.name).toBe(ADD_ON_MESSAGES.nameTooLong);
    expect(parseAddOnDraft(draft({ name: 'T\u0007' }), 'GBP').errors.name).toBe(ADD_ON_MESSAGES.badCharacters);
    expect(parseAddOnDraft(draft({ capacity: '2.5' }), 'GBP').errors.capacity).toBe(ADD_ON_MESSAGES.capacityRange);
    expect(parseAddOnDraft(draft({ maxPerOrder: '51' }), 'GBP').errors.max_per_order).toBe(
      ADD_ON_MESSAGES.maxPerOrderRange,
    );
  });

  it("keeps the currency's rules: no decimals in JPY, and the price ceiling", () => {
    expect(parseAddOnDraft(draft({ price: '1500.50' }), 'JPY').errors).toEqual({
      price: 'JPY prices have no decimals',
    });
    expect(parseAddOnDraft(draft({ price: '1500' }), 'JPY').body?.price).toBe('1500');
    expect(parseAddOnDraft(draft({ price: '100001' }), 'GBP').errors.price).toBe('Price must be at most £100,000.00');
  });
});

describe('addOnDraftOf', () => {
  it("fills the form from an add-on in the event's currency, or blank for a new one", () => {
    expect(addOnDraftOf(shirt, 'GBP')).toEqual({
      name: 'T-shirt',
      description: 'Black',
      price: '15.00',
      capacity: '50',
      maxPerOrder: '4',
      vatCategory: 'standard',
    });
    expect(addOnDraftOf({ ...shirt, price_minor: 800, capacity: null }, 'JPY')).toMatchObject({
      price: '800',
      capacity: '',
    });
    expect(addOnDraftOf(null, 'GBP')).toEqual({
      name: '',
      description: '',
      price: '',
      capacity: '',
      maxPerOrder: '10',
      vatCategory: 'standard',
    });
  });
});

describe('addOnServerErrors', () => {
  it('puts field messages under their fields and anything else above the form', () => {
    const below = 'Stock cannot be below the 10 already sold or being bought';
    expect(addOnServerErrors({ message: below, fields: [{ path: 'capacity', message: below }] })).toEqual({
      fields: { capacity: below },
      form: null,
    });
    expect(addOnServerErrors({ message: 'An event can have at most 20 add-ons' })).toEqual({
      fields: {},
      form: 'An event can have at most 20 add-ons',
    });
    expect(addOnServerErrors({ message: 'Invalid', fields: [{ path: 'colour', message: 'No' }] })).toEqual({
      fields: {},
      form: 'Invalid',
    });
  });
});

describe('the stock figures', () => {
  it("reads 'sold / stock' or 'sold (no limit)', and sold out when sold and held take the stock", () => {
    expect(addOnStockText(shirt)).toBe('3 / 50');
    expect(addOnStockText({ sold: 1200, capacity: null })).toBe('1,200 (no limit)');
    expect(addOnSoldOut(shirt)).toBe(false);
    expect(addOnSoldOut({ sold: 3, held: 2, capacity: 5 })).toBe(true);
    expect(addOnSoldOut({ sold: 9, held: 0, capacity: null })).toBe(false);
  });
});
