// An organisation's VAT registration (decisions 138, 139, 140): read by the event page and the storefront home when
// they price tickets, written by the organiser's settings. Every query is scoped by the organisation.
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  addressLines,
  parseReducedRates,
  parseVatRate,
  VAT_MESSAGES,
  vatCategoryProblem,
  vatRateText,
  type VatCategory,
  type VatSetting,
  type VatSettings,
} from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { addOn, organizationTax, ticketType } from '../../db/schema/index.js';
import type { Tx } from '../../db/tx.js';
import { AppError } from '../../lib/errors.js';

type Row = typeof organizationTax.$inferSelect;

/** The reduced rates set, in order (a second only with a first). */
export const reducedRatesOf = (row: Pick<Row, 'reducedRateBp' | 'secondReducedRateBp'>): number[] =>
  [row.reducedRateBp, row.secondReducedRateBp].filter((rate): rate is number => rate !== null);

/** The rates and kind of price a registered organisation's tickets carry; null when it is not registered. */
export async function vatSettingOf(db: Database | Tx, organizationId: string): Promise<VatSetting | null> {
  const [row] = await db.select().from(organizationTax).where(eq(organizationTax.organizationId, organizationId));
  return row?.registered
    ? { rateBp: row.rateBp, reducedBp: reducedRatesOf(row), inclusive: row.pricesIncludeVat }
    : null;
}

const rateText = (rateBp: number | null | undefined) => (rateBp == null ? '' : vatRateText(rateBp).replace('%', ''));

const toDto = (row: Row | undefined): VatSettings => ({
  registered: row?.registered ?? false,
  vat_number: row?.vatNumber ?? '',
  country: row?.country ?? 'GB',
  rate_bp: row?.rateBp ?? 2000,
  rate: rateText(row?.rateBp ?? 2000),
  reduced_rate_bp: row?.reducedRateBp ?? null,
  reduced_rate: rateText(row?.reducedRateBp),
  second_reduced_rate_bp: row?.secondReducedRateBp ?? null,
  second_reduced_rate: rateText(row?.secondReducedRateBp),
  prices_include_vat: row?.pricesIncludeVat ?? true,
  legal_name: row?.legalName ?? '',
  address: row?.address ?? '',
});

export async function getVatSettings(db: Database, organizationId: string): Promise<VatSettings> {
  const [row] = await db.select().from(organizationTax).where(eq(organizationTax.organizationId, organizationId));
  return toDto(row);
}

export interface VatSettingsValues {
  registered: boolean;
  vat_number: string;
  country: string;
  rate: string;
  reduced_rate: string;
  second_reduced_rate: string;
  prices_include_vat: boolean;
  legal_name: string;
  address: string;
}

/** Ticket types and add-ons of the organisation that sell in one of `categories`. */
async function sellingIn(tx: Tx, organizationId: string, categories: VatCategory[]): Promise<number> {
  const count = sql<number>`count(*)::int`;
  const [types] = await tx
    .select({ count })
    .from(ticketType)
    .where(and(eq(ticketType.organizationId, organizationId), inArray(ticketType.vatCategory, categories)));
  const [addOns] = await tx
    .select({ count })
    .from(addOn)
    .where(and(eq(addOn.organizationId, organizationId), inArray(addOn.vatCategory, categories)));
  return (types?.count ?? 0) + (addOns?.count ?? 0);
}

/**
 * Stores the settings (the schema has checked them); orders already held keep the VAT they were sold with. A
 * registration that drops a reduced rate still chosen by ticket types or add-ons is refused, naming how many.
 */
export async function saveVatSettings(
  db: Database,
  organizationId: string,
  input: VatSettingsValues,
): Promise<VatSettings> {
  const rate = parseVatRate(input.rate);
  const reduced = parseReducedRates(input.reduced_rate, input.second_reduced_rate);
  const values = {
    registered: input.registered,
    vatNumber: input.vat_number.replace(/[\s.-]/g, '').toUpperCase(),
    country: input.country,
    rateBp: 'bp' in rate ? rate.bp : 2000,
    reducedRateBp: reduced[0] ?? null,
    secondReducedRateBp: reduced[1] ?? null,
    pricesIncludeVat: input.prices_include_vat,
    legalName: input.legal_name.trim(),
    address: addressLines(input.address),
    updatedAt: new Date(),
  };
  return db.transaction(async (tx) => {
    // The registration row locked first, so a ticket type saved meanwhile reads the rates as they end up.
    await tx.execute(sql`select 1 from organization_tax where organization_id = ${organizationId} for update`);
    for (const [index, path] of (['reduced_rate', 'second_reduced_rate'] as const).entries()) {
      if (reduced[index] !== undefined) continue;
      const used = await sellingIn(tx, organizationId, [index === 0 ? 'reduced' : 'reduced_2']);
      if (used > 0) {
        const message = VAT_MESSAGES.reducedInUse(index === 1, used);
        throw new AppError('VALIDATION_ERROR', message, [{ path, message }]);
      }
    }
    const [row] = await tx
      .insert(organizationTax)
      .values({ organizationId, ...values })
      .onConflictDoUpdate({ target: organizationTax.organizationId, set: values })
      .returning();
    return { ...toDto(row), message: VAT_MESSAGES.saved };
  });
}

/**
 * A ticket type's or add-on's VAT category, refused (400 on `vat_category`) when it names a reduced rate the
 * registration has not set. The rates stored count even while not registered, so a type keeps its category (and can
 * still be edited, its VAT field hidden) across a pause in the registration.
 */
export async function assertVatCategory(db: Database | Tx, organizationId: string, category: VatCategory) {
  const [row] = await db.select().from(organizationTax).where(eq(organizationTax.organizationId, organizationId));
  const stored = row ? { rateBp: row.rateBp, reducedBp: reducedRatesOf(row), inclusive: row.pricesIncludeVat } : null;
  const problem = vatCategoryProblem(stored, category);
  if (problem) throw new AppError('VALIDATION_ERROR', problem, [{ path: 'vat_category', message: problem }]);
}
