// Where each profile field lives (its tab and its label on screen), so a refused save can name the fields in
// error and open the tab holding the first of them.
import type { OrganizationSettings } from '../api/profile';

export type ProfileTab = 'general' | 'branding' | 'integrations' | 'team';
export type SettingsKey = keyof OrganizationSettings;

/** The fields in the order they appear: the General tab's from the top, then the Branding tab's. */
export const PROFILE_FIELDS: ReadonlyArray<{ key: SettingsKey; tab: ProfileTab; label: string }> = [
  { key: 'company_name', tab: 'general', label: 'Company Name' },
  { key: 'contact_email', tab: 'general', label: 'Contact Email' },
  { key: 'contact_phone', tab: 'general', label: 'Phone' },
  { key: 'time_zone', tab: 'general', label: 'Time Zone' },
  { key: 'description', tab: 'general', label: 'Description' },
  { key: 'instagram_url', tab: 'general', label: 'Instagram' },
  { key: 'tiktok_url', tab: 'general', label: 'TikTok' },
  { key: 'x_url', tab: 'general', label: 'X' },
  { key: 'facebook_url', tab: 'general', label: 'Facebook' },
  { key: 'resident_advisor_url', tab: 'general', label: 'Resident Advisor' },
  { key: 'website_url', tab: 'general', label: 'Website' },
  { key: 'terms_url', tab: 'general', label: 'Terms Page' },
  { key: 'privacy_url', tab: 'general', label: 'Privacy Page' },
  { key: 'sale_emails', tab: 'general', label: 'Sale e-mails' },
  { key: 'logo_url', tab: 'branding', label: 'Logo' },
  { key: 'cover_image_url', tab: 'branding', label: 'Cover Image' },
  { key: 'primary_color', tab: 'branding', label: 'Primary Colour' },
  { key: 'secondary_color', tab: 'branding', label: 'Secondary Colour' },
  { key: 'font_family', tab: 'branding', label: 'Font' },
];

const TAB_NAMES: Record<ProfileTab, string> = {
  general: 'General',
  branding: 'Branding',
  integrations: 'Integrations',
  team: 'Team',
};

/**
 * A refused save's fields as the page shows them: the tab holding the first field in error (in screen order) and
 * the sentence naming every field, with its tab when it is not the one opened: 'Some fields need a fix before
 * saving: Website and Primary Colour (Branding).' Null when none of the fields is one of the form's.
 */
export function describeFieldErrors(errors: Partial<Record<SettingsKey, string>>): {
  tab: ProfileTab;
  message: string;
} | null {
  const failing = PROFILE_FIELDS.filter((field) => errors[field.key]);
  const first = failing[0];
  if (!first) return null;
  const names = failing.map((field) =>
    field.tab === first.tab ? field.label : `${field.label} (${TAB_NAMES[field.tab]})`,
  );
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return { tab: first.tab, message: `Some fields need a fix before saving: ${list}.` };
}
