// VAT rates per ticket type and add-on (decision 139): each sells in a VAT category (the registration's standard
// rate, one of its up to two reduced rates, zero-rated or exempt); lineVatOf() is the one function that decides a
// line's rate from the registration and the category, and every price, hold, quote, page and document reads it.
// A line keeps its category and rate as sold, so a later change of either never rewrites past orders.
import { z } from 'zod';
import type { CurrencyCode } from './constants.js';
import { formatMoney } from './money.js';
import { grossOfNet, vatRateText } from './vat.js';

export const VAT_CATEGORIES = ['standard', 'reduced', 'reduced_2', 'zero', 'exempt'] as const;
export type VatCategory = (typeof VAT_CATEGORIES)[number];

export const VAT_CATEGORY_MESSAGES = {
  invalid: 'Choose the standard rate, a reduced rate, zero-rated or exempt.',
  reducedMissing:
    'Your VAT registration has no reduced rate: add it on the Profile page’s VAT card before choosing it.',
  secondReducedMissing:
    'Your VAT registration has no second reduced rate: add it on the Profile page’s VAT card before choosing it.',
} as const;

export const vatCategorySchema = z.enum(VAT_CATEGORIES, { message: VAT_CATEGORY_MESSAGES.invalid });

/** What an organisation's prices carry (null: not registered, no VAT shown or charged). */
export interface VatSetting {
  /** The standard rate, basis points. */
  rateBp: number;
  /** The reduced rates set, in order (none, one or two). */
  reducedBp: readonly number[];
  /** Prices are entered including VAT (true) or exclusive of it (false). */
  inclusive: boolean;
}

/** A line's VAT as sold: its category and rate. Category null: the seller was not VAT-registered. */
export interface LineVat {
  category: VatCategory | null;
  rateBp: number;
}

export const NO_VAT: LineVat = { category: null, rateBp: 0 };

/** A price as the organiser entered it, as the fan is charged it: the line's VAT added once if entered without. */
export const chargedPrice = (entered: number, vat: VatSetting | null, category: VatCategory = 'standard'): number =>
  vat && !vat.inclusive ? grossOfNet(entered, lineVatOf(vat, category).rateBp) : entered;

/** The reduced rate a category names (0: the first, 1: the second), or null for the other categories. */
const reducedIndex = (category: VatCategory): number | null =>
  category === 'reduced' ? 0 : category === 'reduced_2' ? 1 : null;

/** The category's message when the registration lacks the reduced rate it names; null when it can be sold. */
export function vatCategoryProblem(setting: VatSetting | null, category: VatCategory): string | null {
  const index = reducedIndex(category);
  if (index === null || (setting?.reducedBp[index] ?? null) !== null) return null;
  return index === 0 ? VAT_CATEGORY_MESSAGES.reducedMissing : VAT_CATEGORY_MESSAGES.secondReducedMissing;
}

/**
 * The one rule for a line's VAT: not registered, none; zero-rated and exempt, 0% (told apart by the category);
 * a reduced category, that reduced rate; otherwise the standard rate. A reduced rate the registration no longer
 * has (saving the registration refuses dropping one in use, so only a race) sells at the standard rate, and the
 * line says so.
 */
export function lineVatOf(setting: VatSetting | null, category: VatCategory): LineVat {
  if (!setting) return NO_VAT;
  if (category === 'zero' || category === 'exempt') return { category, rateBp: 0 };
  const index = reducedIndex(category);
  const reduced = index === null ? undefined : setting.reducedBp[index];
  if (reduced !== undefined) return { category, rateBp: reduced };
  return { category: 'standard', rateBp: setting.rateBp };
}

/** 'incl. £0.24 VAT at 5%', 'zero-rated', 'exempt from VAT'; null when the line carries no VAT at all. */
export function lineVatText(vat: LineVat, vatMinor: number, currency: CurrencyCode): string | null {
  if (vat.category === null) return null;
  if (vat.category === 'exempt') return 'exempt from VAT';
  // A standard or reduced rate of 0% is zero-rating too (vatByRate groups them as 0%).
  if (vat.category === 'zero' || vat.rateBp === 0) return 'zero-rated';
  return `incl. ${formatMoney(vatMinor, currency)} VAT at ${vatRateText(vat.rateBp)}`;
}

/** A line as sold, for VAT per rate. */
export interface VatSoldLine {
  quantity: number;
  unitPriceMinor: number;
  unitVatMinor: number;
  vatRateBp: number;
  vatCategory: VatCategory | null;
}

/** One rate's lines of an order: exempt lines apart, zero-rated lines (and any other at 0%) as 0%. */
export interface VatRateGroup {
  rateBp: number;
  /** Exempt from VAT (outside its scope), not zero-rated. */
  exempt: boolean;
  netMinor: number;
  vatMinor: number;
  grossMinor: number;
}

/**
 * The VAT per rate of lines sold with their unit VAT (a rate's lines summed, never rounded again); lines sold
 * without a registration are left out. Highest rate first, then 0%, then exempt.
 */
export function vatByRate(lines: readonly VatSoldLine[]): VatRateGroup[] {
  const groups = new Map<string, VatRateGroup>();
  for (const line of lines) {
    if (line.vatCategory === null) continue;
    const exempt = line.vatCategory === 'exempt';
    const key = exempt ? 'exempt' : String(line.vatRateBp);
    const group = groups.get(key) ?? {
      rateBp: exempt ? 0 : line.vatRateBp,
      exempt,
      netMinor: 0,
      vatMinor: 0,
      grossMinor: 0,
    };
    group.grossMinor += line.unitPriceMinor * line.quantity;
    group.vatMinor += line.unitVatMinor * line.quantity;
    group.netMinor = group.grossMinor - group.vatMinor;
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => Number(a.exempt) - Number(b.exempt) || b.rateBp - a.rateBp);
}

/** A rate's name on documents: '20%', '0% (zero-rated)', 'Exempt from VAT'. */
export const vatRateLabel = (group: { rateBp: number; exempt?: boolean }): string =>
  group.exempt ? 'Exempt from VAT' : group.rateBp === 0 ? '0% (zero-rated)' : vatRateText(group.rateBp);

/**
 * The VAT rows under an order's total (summary, order page, e-mail): one per rate ('Includes VAT at 20%', 'VAT at
 * 0% (zero-rated)', 'Exempt from VAT'), then the platform's VAT inside the fan's fee. None when sold unregistered.
 */
export function vatTotalRows(
  lines: readonly VatSoldLine[],
  fee: { feeVatMinor: number; platformRateBp: number },
): Array<{ label: string; vatMinor: number }> {
  const groups = vatByRate(lines);
  if (groups.length === 0) return [];
  const rows = groups.map((group) => ({
    label: group.exempt
      ? 'Exempt from VAT'
      : group.rateBp === 0
        ? 'VAT at 0% (zero-rated)'
        : `Includes VAT at ${vatRateText(group.rateBp)}`,
    vatMinor: group.vatMinor,
  }));
  if (fee.feeVatMinor > 0)
    rows.push({ label: `Booking fee includes VAT at ${vatRateText(fee.platformRateBp)}`, vatMinor: fee.feeVatMinor });
  return rows;
}
