// An organisation's VAT registration (decision 138): read by the event page and the storefront home when they price
// tickets, written by the organiser's settings. Every query is scoped by the organisation.
import { eq } from 'drizzle-orm';
import {
  addressLines,
  parseVatRate,
  VAT_MESSAGES,
  vatRateText,
  type VatSetting,
  type VatSettings,
} from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { organizationTax } from '../../db/schema/index.js';
import type { Tx } from '../../db/tx.js';

type Row = typeof organizationTax.$inferSelect;

/** The rate and kind of price a registered organisation's tickets carry; null when it is not registered. */
export async function vatSettingOf(db: Database | Tx, organizationId: string): Promise<VatSetting | null> {
  const [row] = await db.select().from(organizationTax).where(eq(organizationTax.organizationId, organizationId));
  return row?.registered ? { rateBp: row.rateBp, inclusive: row.pricesIncludeVat } : null;
}

const toDto = (row: Row | undefined): VatSettings => ({
  registered: row?.registered ?? false,
  vat_number: row?.vatNumber ?? '',
  country: row?.country ?? 'GB',
  rate_bp: row?.rateBp ?? 2000,
  rate: vatRateText(row?.rateBp ?? 2000).replace('%', ''),
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
  prices_include_vat: boolean;
  legal_name: string;
  address: string;
}

/** Stores the settings (the schema has checked them); orders already held keep the VAT they were sold with. */
export async function saveVatSettings(
  db: Database,
  organizationId: string,
  input: VatSettingsValues,
): Promise<VatSettings> {
  const rate = parseVatRate(input.rate);
  const values = {
    registered: input.registered,
    vatNumber: input.vat_number.replace(/[\s.-]/g, '').toUpperCase(),
    country: input.country,
    rateBp: 'bp' in rate ? rate.bp : 2000,
    pricesIncludeVat: input.prices_include_vat,
    legalName: input.legal_name.trim(),
    address: addressLines(input.address),
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(organizationTax)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({ target: organizationTax.organizationId, set: values })
    .returning();
  return { ...toDto(row), message: VAT_MESSAGES.saved };
}
