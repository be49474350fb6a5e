// The VAT rows under an order's total (decisions 138, 139), one helper for the summary, the order page and the
// confirmation e-mail: the organiser's VAT per rate from the lines as sold, then the platform's VAT in the fee.
import { PLATFORM_FEE_VAT_BP, vatTotalRows, type VatSoldLine } from '@marquee/shared';

export function orderVatRows(
  lines: readonly VatSoldLine[],
  current: { feeVatMinor: number },
): Array<{ label: string; vatMinor: number }> {
  return vatTotalRows(lines, { feeVatMinor: current.feeVatMinor, platformRateBp: PLATFORM_FEE_VAT_BP });
}
