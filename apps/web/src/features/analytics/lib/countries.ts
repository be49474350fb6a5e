// Country names for the region table and the map's labels, from the browser's own data (Intl.DisplayNames),
// and the map's ISO 3166 numeric ids (world-atlas) turned into the alpha-2 codes orders carry.
import { numericToAlpha2 } from 'i18n-iso-countries';

const names = new Intl.DisplayNames(['en-GB'], { type: 'region', fallback: 'code' });

export function countryName(code: string | null): string {
  if (!code) return 'Not given';
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

export function alpha2FromNumeric(id: string | number | undefined): string | undefined {
  if (id === undefined) return undefined;
  return numericToAlpha2(String(id).padStart(3, '0'));
}
