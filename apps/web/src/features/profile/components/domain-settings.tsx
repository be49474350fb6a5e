// Domain Settings: the permanent subdomain, the custom domain with its three-step wizard, and the banners.
import { useId } from 'react';
import { dnsPanelName, domainFindingMessage } from '@marquee/shared';
import { Button } from '../../../components/ui/button';
import { FieldError, inputClasses } from '../../../components/ui/input';
import type { OrganizationInfo } from '../../../lib/organization-info';
import { useDomainWizard } from '../hooks/use-domain-wizard';
import { CopyButton } from './copy-button';

/**
 * A record's field; a name shows as DNS panels want it ('tickets') with the full name beside it. A <dl> may hold
 * only <dt>/<dd> (or a <div> of them), so the copy button sits in the term, placed at the row's right; the <dd>
 * holds the value alone.
 */
function RecordRow({ label, value, full }: { label: string; value: string; full?: string }) {
  const copyable = label !== 'TTL' && label !== 'Type';
  return (
    <div className={`relative py-2 ${copyable ? 'pr-24' : ''}`}>
      <dt className="text-muted-foreground font-mono text-[10px] tracking-wider uppercase">
        {label}
        {copyable ? (
          <span className="absolute top-1/2 right-0 -translate-y-1/2">
            <CopyButton value={value} label={label} />
          </span>
        ) : null}
      </dt>
      <dd className="font-mono text-sm break-all">
        {value}
        {full && full !== value ? (
          <>
            {' '}
            <span className="text-muted-foreground text-xs font-normal">(full name: {full})</span>
          </>
        ) : null}
      </dd>
    </div>
  );
}

function Tick({ checked, onChange, label }: { checked: boolean; onChange(value: boolean): void; label: string }) {
  const id = useId();
  return (
    <label htmlFor={id} className="flex cursor-pointer items-center gap-2 text-sm">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="accent-primary h-4 w-4"
      />
      {label}
    </label>
  );
}

export function DomainSettings({
  organization,
  publicHost,
}: {
  organization: OrganizationInfo['organization'];
  publicHost: string;
}) {
  const wizard = useDomainWizard(organization, publicHost);
  const inputId = useId();
  const host = wizard.savedDomain ?? '';
  const showWizard =
    wizard.isSaved &&
    !(wizard.wizardCompleted && wizard.status === 'active') &&
    !(wizard.wizardCompleted && wizard.status === 'pending_verification');
  const txt = wizard.txtRecord;
  // Step 2 exists only when the provider gave a TXT record.
  const step = wizard.step === 2 && !txt ? 1 : wizard.step;
  const subdomainHost = `${organization.subdomain}.${publicHost}`;

  return (
    <div className="border-border bg-card flex flex-col gap-5 rounded-2xl border p-5">
      <h2 className="font-semibold">Domain Settings</h2>
      <div className="flex flex-col gap-1.5">
        <label
          htmlFor={`${inputId}-sub`}
          className="text-muted-foreground font-mono text-[11px] font-semibold tracking-wider uppercase"
        >
          Subdomain
        </label>
        <input id={`${inputId}-sub`} value={subdomainHost} readOnly className={`${inputClasses} bg-muted`} />
        <p className="text-muted-foreground text-xs">
          You can&apos;t change this URL, but you can use a custom domain instead.
        </p>
      </div>

      {wizard.wizardCompleted && wizard.status === 'active' ? (
        <div role="status" className="rounded-xl border border-emerald-500/40 bg-emerald-500/10 p-4">
          <p className="text-success font-semibold">Domain Active</p>
          <p className="text-sm">Your custom domain is fully configured and working.</p>
        </div>
      ) : null}
      {wizard.status === 'pending_verification' || wizard.status === 'pending_ssl' ? (
        <div role="status" className="rounded-xl border border-yellow-500/40 bg-yellow-500/10 p-4">
          <p className="font-semibold text-yellow-700 dark:text-yellow-400">Domain Pending</p>
          <p className="text-sm">Your custom domain is being configured. This may take up to 24 hours.</p>
        </div>
      ) : null}

      <div className="flex flex-col gap-1.5">
        <label
          htmlFor={inputId}
          className="text-muted-foreground font-mono text-[11px] font-semibold tracking-wider uppercase"
        >
          Custom Domain
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id={inputId}
            value={wizard.input}
            onChange={(event) => wizard.changeInput(event.target.value)}
            placeholder="tickets.yourband.com"
            disabled={wizard.locked}
            autoComplete="off"
            spellCheck={false}
            className={inputClasses}
          />
          {wizard.locked ? (
            <Button size="small" variant="secondary" onClick={wizard.startEditing} disabled={wizard.verifying}>
              Change domain
            </Button>
          ) : wizard.isSaved ? (
            <Button size="small" variant="secondary" onClick={() => void wizard.remove()} disabled={wizard.saving}>
              Remove
            </Button>
          ) : (
            <Button size="small" onClick={() => void wizard.save()} disabled={wizard.saving || !wizard.input.trim()}>
              {wizard.saving ? 'Saving...' : 'Connect domain'}
            </Button>
          )}
        </div>
        {wizard.error ? <FieldError message={wizard.error} /> : null}
        {wizard.finding && wizard.isSaved ? (
          <p
            role="status"
            data-testid="domain-finding"
            className="rounded-md border border-yellow-500/40 bg-yellow-500/10 px-3 py-2 text-sm"
          >
            {domainFindingMessage(wizard.finding, {
              domain: host,
              cnameTarget: wizard.cnameTarget,
              txtName: txt?.name ?? null,
            })}{' '}
            {wizard.nextCheckAt
              ? `We will look again at ${wizard.nextCheckAt.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}, in about a minute.`
              : 'Reload this page to look again.'}
          </p>
        ) : null}
      </div>

      {showWizard ? (
        <section aria-label="Custom domain set-up" className="border-border flex flex-col gap-4 rounded-xl border p-4">
          <div className="flex items-start justify-between gap-3 font-mono text-[11px] tracking-wider uppercase">
            <span className="min-w-0 break-all">Connect {host}</span>
            <span className="text-muted-foreground shrink-0 whitespace-nowrap">Step {step} of 3</span>
          </div>
          <div
            role="progressbar"
            aria-label="Domain set-up progress"
            aria-valuemin={1}
            aria-valuemax={3}
            aria-valuenow={step}
            className="bg-muted h-1.5 rounded-full"
          >
            <div
              className="bg-primary h-full rounded-full transition-[width]"
              style={{ width: `${(step / 3) * 100}%` }}
            />
          </div>
          {step === 1 ? (
            <div className="flex flex-col gap-3">
              <h3 className="font-semibold">Add a CNAME record</h3>
              <p className="text-muted-foreground text-sm">At your DNS provider, add this record for {host}:</p>
              <dl className="border-border divide-y divide-[var(--border)] rounded-lg border px-3">
                <RecordRow label="Type" value="CNAME" />
                <RecordRow label="Name" value={dnsPanelName(host, host)} full={host} />
                <RecordRow label="Target" value={wizard.cnameTarget} />
                <RecordRow label="TTL" value="Auto" />
              </dl>
              <Tick checked={wizard.dnsAdded} onChange={wizard.setDnsAdded} label="I've added the CNAME record" />
              <Button size="small" onClick={() => void wizard.verify()} disabled={!wizard.dnsAdded || wizard.verifying}>
                {wizard.verifying ? 'Verifying...' : 'Continue'}
              </Button>
            </div>
          ) : null}
          {step === 2 && txt ? (
            <div className="flex flex-col gap-3">
              <h3 className="font-semibold">Add a TXT record for SSL validation</h3>
              <p className="text-muted-foreground text-sm">
                This proves the domain is yours so we can issue its certificate.
              </p>
              <dl className="border-border divide-y divide-[var(--border)] rounded-lg border px-3">
                <RecordRow label="Type" value="TXT" />
                <RecordRow label="Name" value={dnsPanelName(txt.name, host)} full={txt.name} />
                <RecordRow label="Value" value={txt.value} />
                <RecordRow label="TTL" value="Auto" />
              </dl>
              <Tick checked={wizard.txtAdded} onChange={wizard.setTxtAdded} label="I've added the TXT record" />
              <div className="grid grid-cols-2 gap-2">
                <Button size="small" variant="secondary" onClick={() => wizard.goToStep(1)}>
                  Back
                </Button>
                {/* Step 2 needs no second verification (that would hit the 60 s throttle): Finish re-reads
                    the status, and the domain stays pending until the TXT record is live. */}
                <Button size="small" onClick={() => wizard.goToStep(3)} disabled={!wizard.txtAdded}>
                  Continue
                </Button>
              </div>
            </div>
          ) : null}
          {step === 3 ? (
            <div className="flex flex-col gap-3">
              <h3 className="font-semibold">Setup Complete</h3>
              <p className="text-muted-foreground text-sm">
                Finish to check your records. Once they are live, fans can buy tickets on {host}.
              </p>
              <Button size="small" onClick={() => void wizard.finish()}>
                Finish
              </Button>
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
