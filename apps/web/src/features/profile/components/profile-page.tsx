// Profile: General (company information, social links, legal pages, sale notifications, domain settings),
// Branding (logo, cover, colours, font; the fields are in profile-fields.tsx), Integrations (PRO: integrations/integrations-tab.tsx) and, for the owner, Team (team-settings.tsx). 'Save Changes' saves the
// settings; unsaved changes are guarded.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR, FONT_FAMILIES } from '@marquee/shared';
import { Button } from '../../../components/ui/button';
import { FieldError, TextField } from '../../../components/ui/input';
import { focusFirstInvalid } from '../../../components/ui/focus-first-invalid';
import { TimeZoneSelect } from '../../../components/ui/time-zone-select';
import { browserTimeZone } from '../../../lib/time-zone';
import { PageHeader } from '../../../components/ui/page-header';
import { ApiError } from '../../../lib/api-client';
import { useOrganizationInfo } from '../../../lib/organization-info';
import { usePublicConfig } from '../../../lib/public-config';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes';
import { saveSettings, settingsQuery, type OrganizationSettings } from '../api/profile';
import { DomainSettings } from './domain-settings';
import { Card, ColourField, Description, ImageField, LegalPages } from './profile-fields';
import { NotificationSettings } from './notification-settings';
import { TeamSettings } from './team-settings';
import { IntegrationsTab } from './integrations/integrations-tab';
import { VatSettingsCard } from './vat-settings';
import { describeFieldErrors, type ProfileTab } from '../lib/field-errors';

type Tab = ProfileTab;
const ALL_TABS: Array<{ id: Tab; label: string; pro?: boolean; ownerOnly?: boolean }> = [
  { id: 'general', label: 'General' },
  { id: 'branding', label: 'Branding' },
  { id: 'integrations', label: 'Integrations', pro: true },
  { id: 'team', label: 'Team', ownerOnly: true },
];

type SocialKey = 'instagram_url' | 'tiktok_url' | 'x_url' | 'facebook_url' | 'resident_advisor_url' | 'website_url';
const SOCIAL_FIELDS: Array<{ key: SocialKey; label: string; placeholder: string }> = [
  { key: 'instagram_url', label: 'Instagram', placeholder: 'https://instagram.com/yourname' },
  { key: 'tiktok_url', label: 'TikTok', placeholder: 'https://tiktok.com/@yourname' },
  { key: 'x_url', label: 'X', placeholder: 'https://x.com/yourname' },
  { key: 'facebook_url', label: 'Facebook', placeholder: 'https://facebook.com/yourpage' },
  { key: 'resident_advisor_url', label: 'Resident Advisor', placeholder: 'https://ra.co/promoters/...' },
  { key: 'website_url', label: 'Website', placeholder: 'https://yourwebsite.com' },
];

export function ProfilePage() {
  const queryClient = useQueryClient();
  const info = useOrganizationInfo();
  const { data: config } = usePublicConfig();
  const [tab, setTab] = useState<Tab>('general');
  const TABS = ALL_TABS.filter((entry) => !entry.ownerOnly || info.data?.organization.role === 'owner');
  const [baseline, setBaseline] = useState<OrganizationSettings | null>(null);
  const [form, setForm] = useState<OrganizationSettings | null>(null);
  const dirty = Boolean(form && baseline && JSON.stringify(form) !== JSON.stringify(baseline));
  // While the form is dirty the settings are not refetched, so nothing typed is overwritten.
  const settings = useQuery({ ...settingsQuery, enabled: !dirty });
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof OrganizationSettings, string>>>({});
  const panel = useRef<HTMLDivElement>(null);

  // A refused save: the first field the server named takes focus, scrolled into view below the header.
  useEffect(() => {
    if (Object.keys(fieldErrors).length > 0) focusFirstInvalid(panel.current);
  }, [fieldErrors]);

  // Take freshly loaded settings as the new baseline, unless the organiser is editing.
  if (
    settings.data &&
    settings.data !== baseline &&
    !dirty &&
    JSON.stringify(settings.data) !== JSON.stringify(baseline)
  ) {
    setBaseline(settings.data);
    setForm(settings.data);
  }

  useUnsavedChangesGuard(dirty);

  const set = <K extends keyof OrganizationSettings>(key: K, value: OrganizationSettings[K]) => {
    setForm((current) => (current ? { ...current, [key]: value } : current));
    setMessage(null);
  };

  const save = async () => {
    if (!form) return;
    setSaving(true);
    setMessage(null);
    setFieldErrors({});
    try {
      // The first save settles the zone the page guessed from the browser.
      const saved = await saveSettings({ ...form, time_zone: form.time_zone ?? browserTimeZone() });
      setBaseline(saved);
      setForm(saved);
      queryClient.setQueryData(settingsQuery.queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: ['org', 'info'] });
      setMessage({ kind: 'ok', text: 'Changes saved.' });
    } catch (error) {
      console.warn('Saving the profile failed', error);
      const refused = error instanceof ApiError && error.fields?.length ? error.fields : null;
      const errors: Partial<Record<keyof OrganizationSettings, string>> = Object.fromEntries(
        (refused ?? []).map((field) => [field.path, field.message]),
      );
      const described = describeFieldErrors(errors);
      if (described) {
        // The message names the fields; the tab holding the first one opens, and the field takes focus.
        setTab(described.tab);
        setFieldErrors(errors);
        setMessage({ kind: 'error', text: described.message });
      } else if (refused) {
        setMessage({ kind: 'error', text: refused.map((field) => field.message).join(' ') });
      } else {
        setMessage({ kind: 'error', text: 'Your changes could not be saved. Please try again.' });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="flex flex-col gap-6 max-md:pb-24">
      <PageHeader
        title="Profile"
        actions={
          tab === 'team' ? undefined : (
            // On a phone the button sits in a bar fixed to the bottom, so it is in reach at the end of a long form.
            <div className="max-md:bg-background/95 max-md:border-border max-md:fixed max-md:inset-x-0 max-md:bottom-0 max-md:z-30 max-md:border-t max-md:p-3 max-md:backdrop-blur-md">
              <Button
                size="small"
                onClick={() => void save()}
                disabled={saving || !form}
                className="max-md:h-11 max-md:w-full"
              >
                {saving ? 'Saving...' : 'Save Changes'}
              </Button>
            </div>
          )
        }
      />
      {message ? (
        <p
          role={message.kind === 'error' ? 'alert' : 'status'}
          className={`text-sm max-md:bg-card max-md:border-border max-md:fixed max-md:inset-x-3 max-md:bottom-20 max-md:z-30 max-md:rounded-lg max-md:border max-md:px-3 max-md:py-2 max-md:shadow-lg ${message.kind === 'error' ? 'text-danger' : 'text-success'}`}
        >
          {message.text}
        </p>
      ) : null}
      <div role="tablist" aria-label="Profile sections" className="border-border flex gap-1 border-b">
        {TABS.map((item) => (
          <button
            key={item.id}
            role="tab"
            id={`tab-${item.id}`}
            aria-selected={tab === item.id}
            aria-controls={`panel-${item.id}`}
            tabIndex={tab === item.id ? 0 : -1}
            onClick={() => setTab(item.id)}
            onKeyDown={(event) => {
              const index = TABS.findIndex((entry) => entry.id === tab);
              if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
                const next = TABS[(index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length]!;
                setTab(next.id);
                document.getElementById(`tab-${next.id}`)?.focus();
              }
            }}
            className={`-mb-px flex items-center gap-2 border-b-2 px-2 py-2 text-sm font-medium sm:px-4 ${
              tab === item.id
                ? 'border-primary text-foreground'
                : 'text-muted-foreground hover:text-foreground border-transparent'
            }`}
          >
            {item.label}
            {item.pro ? (
              <span className="bg-primary text-primary-foreground rounded px-1.5 py-0.5 font-mono text-[9px] font-bold">
                PRO
              </span>
            ) : null}
          </button>
        ))}
      </div>

      {tab === 'team' ? (
        <div role="tabpanel" id="panel-team" aria-labelledby="tab-team">
          <TeamSettings />
        </div>
      ) : !form ? (
        <div className="bg-muted h-64 animate-pulse rounded-2xl" role="status" aria-label="Loading profile" />
      ) : (
        <div
          ref={panel}
          role="tabpanel"
          id={`panel-${tab}`}
          aria-labelledby={`tab-${tab}`}
          className="flex flex-col gap-6"
        >
          {tab === 'general' ? (
            <>
              <Card title="Company Information">
                <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
                  <TextField
                    label="Company Name"
                    value={form.company_name}
                    onChange={(event) => set('company_name', event.target.value)}
                    error={fieldErrors.company_name}
                  />
                  <TextField
                    label="Contact Email"
                    type="email"
                    value={form.contact_email}
                    onChange={(event) => set('contact_email', event.target.value)}
                    error={fieldErrors.contact_email}
                  />
                  <TextField
                    label="Phone"
                    type="tel"
                    value={form.contact_phone}
                    onChange={(event) => set('contact_phone', event.target.value)}
                    error={fieldErrors.contact_phone}
                  />
                  <div className="flex flex-col gap-1.5">
                    <label
                      htmlFor="profile-time-zone"
                      className="text-muted-foreground font-mono text-[11px] font-semibold tracking-wider uppercase"
                    >
                      Time Zone
                    </label>
                    <TimeZoneSelect
                      id="profile-time-zone"
                      value={form.time_zone ?? browserTimeZone()}
                      onChange={(value) => set('time_zone', value)}
                      invalid={Boolean(fieldErrors.time_zone)}
                      describedBy="profile-time-zone-hint"
                    />
                    <p id="profile-time-zone-hint" className="text-muted-foreground text-xs">
                      New events start in this zone; each event can have its own.
                    </p>
                    {fieldErrors.time_zone ? <FieldError message={fieldErrors.time_zone} /> : null}
                  </div>
                </div>
                <Description
                  value={form.description}
                  onChange={(value) => set('description', value)}
                  error={fieldErrors.description}
                />
                <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
                  {SOCIAL_FIELDS.map((field) => (
                    <TextField
                      key={field.key}
                      label={field.label}
                      type="url"
                      placeholder={field.placeholder}
                      value={form[field.key]}
                      onChange={(event) => set(field.key, event.target.value)}
                      error={fieldErrors[field.key]}
                    />
                  ))}
                </div>
              </Card>
              <LegalPages
                termsUrl={form.terms_url}
                privacyUrl={form.privacy_url}
                onChange={(key, value) => set(key, value)}
                errors={{ terms_url: fieldErrors.terms_url, privacy_url: fieldErrors.privacy_url }}
              />
              <NotificationSettings
                value={form.sale_emails}
                onChange={(choice) => set('sale_emails', choice)}
                error={fieldErrors.sale_emails}
              />
              <VatSettingsCard />
              {info.data ? (
                <DomainSettings
                  organization={info.data.organization}
                  publicHost={config?.publicHost ?? window.location.host}
                />
              ) : null}
            </>
          ) : null}
          {tab === 'branding' ? (
            <>
              <Card title="Brand Assets">
                <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
                  <ImageField
                    label="Logo"
                    purpose="logo"
                    url={form.logo_url}
                    onChange={(url) => set('logo_url', url)}
                    serverError={fieldErrors.logo_url}
                  />
                  <ImageField
                    label="Cover Image"
                    purpose="cover"
                    url={form.cover_image_url}
                    onChange={(url) => set('cover_image_url', url)}
                    serverError={fieldErrors.cover_image_url}
                    wide
                  />
                </div>
              </Card>
              <Card title="Colour Scheme">
                <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
                  <ColourField
                    label="Primary Colour"
                    value={form.primary_color || DEFAULT_PRIMARY_COLOR}
                    onChange={(value) => set('primary_color', value)}
                    error={fieldErrors.primary_color}
                  />
                  <ColourField
                    label="Secondary Colour"
                    value={form.secondary_color || DEFAULT_SECONDARY_COLOR}
                    onChange={(value) => set('secondary_color', value)}
                    error={fieldErrors.secondary_color}
                  />
                </div>
              </Card>
              <Card title="Typography">
                <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
                  <legend className="sr-only">Font</legend>
                  {FONT_FAMILIES.map((font) => (
                    <label
                      key={font}
                      className={`flex cursor-pointer flex-col gap-1 rounded-xl border p-4 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-[var(--color-primary)] ${
                        form.font_family === font ? 'border-primary bg-primary/10' : 'border-border hover:bg-muted'
                      }`}
                    >
                      <input
                        type="radio"
                        name="font"
                        value={font}
                        checked={form.font_family === font}
                        onChange={() => set('font_family', font)}
                        className="sr-only"
                      />
                      <span aria-hidden="true" className="text-2xl" style={{ fontFamily: `'${font}', sans-serif` }}>
                        Aa Bb 123
                      </span>
                      <span className="text-sm" style={{ fontFamily: `'${font}', sans-serif` }}>
                        {font}
                      </span>
                    </label>
                  ))}
                </fieldset>
              </Card>
            </>
          ) : null}
          {tab === 'integrations' ? <IntegrationsTab canManage={info.data?.organization.role === 'owner'} /> : null}
        </div>
      )}
    </section>
  );
}
