// The VAT category of a ticket type or add-on (decision 139): offered only while the organisation is VAT-registered
// (the Profile page's VAT card); otherwise nothing is shown and the category stays as it is (standard for a new one).
// Each option names its rate; a reduced rate the registration lacks is not offered (the API refuses it on the field).
import { useQuery } from '@tanstack/react-query';
import { vatRateText, type VatCategory, type VatSettings } from '@marquee/shared';
import { inputClasses } from '../../../components/ui/input';
import { controlProps, Field } from '../../../components/ui/field';
import { vatQuery } from '../../../lib/vat';

/** The categories a registration offers, each with its label ('Reduced rate (5%)'). */
export function vatCategoryOptions(settings: VatSettings, current: VatCategory): Array<[VatCategory, string]> {
  const options: Array<[VatCategory, string]> = [['standard', `Standard rate (${vatRateText(settings.rate_bp)})`]];
  if (settings.reduced_rate_bp !== null)
    options.push(['reduced', `Reduced rate (${vatRateText(settings.reduced_rate_bp)})`]);
  else if (current === 'reduced') options.push(['reduced', 'Reduced rate (not set)']);
  if (settings.second_reduced_rate_bp !== null)
    options.push(['reduced_2', `Second reduced rate (${vatRateText(settings.second_reduced_rate_bp)})`]);
  else if (current === 'reduced_2') options.push(['reduced_2', 'Second reduced rate (not set)']);
  options.push(['zero', 'Zero-rated (0%)'], ['exempt', 'Exempt from VAT']);
  return options;
}

export function VatCategoryField({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: VatCategory;
  error: string | undefined;
  onChange(category: VatCategory): void;
}) {
  const settings = useQuery(vatQuery).data;
  if (!settings?.registered) return null;
  const hint = 'Fans see the VAT of each line at this rate; orders already sold keep theirs.';
  return (
    <Field id={id} label="VAT" error={error} hint={hint}>
      <select
        {...controlProps(id, error, hint)}
        className={`${inputClasses} pr-8`}
        value={value}
        onChange={(changed) => onChange(changed.target.value as VatCategory)}
      >
        {vatCategoryOptions(settings, value).map(([category, label]) => (
          <option key={category} value={category}>
            {label}
          </option>
        ))}
      </select>
    </Field>
  );
}
