// The sandbox provider's hosted pages on the app host: onboarding (/sandbox/connect/onboard, reached through an
// account link), the "express dashboard" (/sandbox/connect/dashboard, through a login link) and checkout
// (/sandbox/checkout/:id). Each page says plainly that it is a sandbox. Completing onboarding or paying delivers
// a signed webhook (account.updated, checkout.session.completed) through the same receiveWebhook() the Stripe
// endpoint uses.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_CURRENCY, formatMoney, isCurrencyCode, toCurrencyCode } from '@marquee/shared';
import {
  sandboxCardOutcome,
  type SandboxCheckoutRecord,
  type SandboxLink,
  type SandboxOnboardingDetails,
  type SandboxPaymentsProvider,
} from '../../adapters/payments/sandbox.js';
import type { CheckoutLineItem } from '../../adapters/payments/payments.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { member, organizationSettings } from '../../db/schema/index.js';
import { escapeHtml, renderPage } from '../../lib/html.js';
import { getRequestAuth } from '../auth/auth.guard.js';
import { receiveWebhook } from './payments.service.js';
import type { CheckoutNotifier } from '../checkout/notifier.js';
import { QUEUES, type JobQueue } from '../../jobs/queue.js';
import { deliverSandboxEvent, type SandboxDeliveryJob } from './sandbox-delivery.js';

export interface SandboxPagesDeps {
  config: Config;
  db: Database;
  payments: SandboxPaymentsProvider;
  notifier?: CheckoutNotifier;
  jobs: JobQueue;
}

export const SANDBOX_BANNER = 'SANDBOX — no real money moves';
/** The name every sandbox bank account carries, so Billing reads it as a sandbox bank. */
export const SANDBOX_BANK_NAME = 'Sandbox test bank';

const BUSINESS_TYPES = [
  ['individual', 'Individual / sole trader'],
  ['company', 'Company'],
  ['non_profit', 'Non-profit'],
] as const;

const COUNTRIES = [
  ['GB', 'United Kingdom'],
  ['US', 'United States'],
  ['IE', 'Ireland'],
  ['FR', 'France'],
  ['DE', 'Germany'],
  ['ES', 'Spain'],
  ['IT', 'Italy'],
  ['NL', 'Netherlands'],
  ['AU', 'Australia'],
  ['CA', 'Canada'],
  ['JP', 'Japan'],
  ['CH', 'Switzerland'],
  ['IN', 'India'],
] as const;

const FIELDS = [
  'business_name',
  'business_type',
  'country',
  'address_line1',
  'address_city',
  'address_postal_code',
  'representative_name',
  'representative_dob',
  'bank_account_holder',
  'bank_routing',
  'bank_account_number',
  'registration_number',
] as const;
type Field = (typeof FIELDS)[number];
export type OnboardingForm = Record<Field, string>;
export type OnboardingErrors = Partial<Record<Field, string>>;

const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

/**
 * A date of birth typed day/month/year ('10/12/1985', also with '.' or '-') or as an ISO date, as YYYY-MM-DD;
 * null when it is neither or not a real day (31/02).
 */
export function isoDateOfBirth(value: string): string | null {
  const text = value.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]]
    : dmy
      ? [dmy[3], dmy[2]!.padStart(2, '0'), dmy[1]!.padStart(2, '0')]
      : [];
  if (!year || !month || !day) return null;
  const date = new Date(`${year}-${month}-${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== `${year}-${month}-${day}`) return null;
  return `${year}-${month}-${day}`;
}

function yearsSince(isoDate: string, now: Date): number {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  let years = now.getUTCFullYear() - year;
  if (now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day)) years -= 1;
  return years;
}

/** Checks the onboarding form; every problem is reported against its field, and nothing typed is dropped. */
export function validateOnboardingForm(
  form: OnboardingForm,
  now = new Date(),
): { errors: OnboardingErrors; details: SandboxOnboardingDetails | null } {
  const errors: OnboardingErrors = {};
  const required: Array<[Field, string]> = [
    ['business_name', 'Enter the business name'],
    ['address_line1', 'Enter the street address'],
    ['address_city', 'Enter the town or city'],
    ['address_postal_code', 'Enter the postcode'],
    ['representative_name', 'Enter the full name of the person responsible for the business'],
    ['bank_account_holder', 'Enter the name on the bank account'],
    ['registration_number', 'Enter the government registration number'],
  ];
  for (const [field, message] of required) {
    if (!form[field]) errors[field] = message;
    else if (form[field].length > 200) errors[field] = 'Use 200 characters or fewer';
  }
  if (!BUSINESS_TYPES.some(([value]) => value === form.business_type))
    errors.business_type = 'Choose the type of business';
  if (!COUNTRIES.some(([value]) => value === form.country))
    errors.country = 'Choose the country the business is based in';

  const dob = isoDateOfBirth(form.representative_dob);
  if (!dob) {
    errors.representative_dob = 'Enter a date of birth as day/month/year, e.g. 10/12/1985';
  } else if (Number(dob.slice(0, 4)) < 1900 || yearsSince(dob, now) > 120) {
    errors.representative_dob = 'Enter a real date of birth';
  } else if (yearsSince(dob, now) < 18) {
    errors.representative_dob = 'The representative must be at least 18 years old';
  }

  const routing = digitsOnly(form.bank_routing);
  if (!/^(\d{6}|\d{9})$/.test(routing)) errors.bank_routing = 'Enter a 6-digit sort code or a 9-digit routing number';
  const accountNumber = digitsOnly(form.bank_account_number);
  if (!/^\d{6,17}$/.test(accountNumber)) errors.bank_account_number = 'Enter an account number of 6 to 17 digits';
  if (form.registration_number && !/^[A-Za-z0-9][A-Za-z0-9 /-]{1,29}$/.test(form.registration_number)) {
    errors.registration_number = 'Use 2 to 30 letters, digits, spaces, dashes or slashes';
  }

  if (Object.keys(errors).length > 0 || !dob) return { errors, details: null };
  return {
    errors,
    details: {
      businessName: form.business_name,
      businessType: form.business_type,
      country: form.country,
      addressLine1: form.address_line1,
      addressCity: form.address_city,
      addressPostalCode: form.address_postal_code,
      representativeName: form.representative_name,
      representativeDob: dob,
      registrationNumber: form.registration_number,
      bankAccountHolder: form.bank_account_holder,
      bankLast4: accountNumber.slice(-4),
      // Whatever the number, no real bank is behind it: the name must say so (issue 13).
      bankName: SANDBOX_BANK_NAME,
    },
  };
}

const css = `body{background:#f6f7f9;color:#1a1a1a}main{max-width:640px}.sandbox{background:#fff4c2;color:#5c4400;border-bottom:2px solid #e0b400;text-align:center;font-weight:700;letter-spacing:.04em;padding:10px 16px;margin:0}h1{font-size:1.6rem;margin:0 0 4px}.lead{color:#555;margin:0 0 24px}fieldset{border:1px solid #d9dce1;border-radius:10px;background:#fff;padding:16px 20px 8px;margin:0 0 18px}legend{font-weight:700;padding:0 6px}label{display:block;font-weight:600;font-size:.92rem;margin:0 0 4px}.field{margin:0 0 14px}.hint{color:#666;font-size:.85rem;margin:2px 0 0}input,select{width:100%;font:inherit;padding:9px 10px;border:1px solid #b8bcc4;border-radius:6px;background:#fff;color:#1a1a1a}input[aria-invalid=true],select[aria-invalid=true]{border-color:#c0182b;outline:1px solid #c0182b}.error{color:#c0182b;font-size:.88rem;margin:4px 0 0}.summary{border:2px solid #c0182b;background:#fff;border-radius:10px;padding:12px 18px;margin:0 0 18px}.summary h2{font-size:1rem;margin:0 0 6px;color:#c0182b}.row{display:grid;grid-template-columns:1fr 1fr;gap:0 14px}button{font:inherit;font-weight:700;background:#1a1a1a;color:#fff;border:0;border-radius:8px;padding:12px 20px;cursor:pointer}a{color:#0b57d0}dl{display:grid;grid-template-columns:max-content 1fr;gap:8px 18px;background:#fff;border:1px solid #d9dce1;border-radius:10px;padding:16px 20px}dt{font-weight:600;color:#555}dd{margin:0}.ok{color:#0a7a36;font-weight:700}.off{color:#c0182b;font-weight:700}@media(max-width:560px){.row{grid-template-columns:1fr}}`;

function page(title: string, body: string): string {
  return renderPage({
    title: `${title} · ${SANDBOX_BANNER}`,
    css,
    // The app's own icon: these pages live on the app host.
    icon: '/favicon.svg',
    body: `<header><p class="sandbox" role="note">${escapeHtml(SANDBOX_BANNER)}</p></header>\n<main>${body}</main>`,
  });
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  // The address carries a bearer-like token: never cache it, never leak it in a Referer.
  return reply
    .status(status)
    .headers({ 'cache-control': 'no-store', 'referrer-policy': 'same-origin', 'x-robots-tag': 'noindex' })
    .type('text/html; charset=utf-8')
    .send(html);
}

function messagePage(reply: FastifyReply, status: number, title: string, text: string) {
  return sendPage(reply, status, page(title, `<h1>${escapeHtml(title)}</h1><p class="lead">${escapeHtml(text)}</p>`));
}

function input(field: Field, label: string, form: OnboardingForm, errors: OnboardingErrors, attrs = '', hint = '') {
  const error = errors[field];
  const described = [hint ? `${field}-hint` : '', error ? `${field}-error` : ''].filter(Boolean).join(' ');
  return `<div class="field"><label for="${field}">${escapeHtml(label)}</label><input id="${field}" name="${field}" value="${escapeHtml(form[field])}" ${attrs}${error ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''}>${hint ? `<p class="hint" id="${field}-hint">${escapeHtml(hint)}</p>` : ''}${error ? `<p class="error" id="${field}-error">${escapeHtml(error)}</p>` : ''}</div>`;
}

function select(
  field: Field,
  label: string,
  options: ReadonlyArray<readonly [string, string]>,
  form: OnboardingForm,
  errors: OnboardingErrors,
) {
  const error = errors[field];
  const choices = [['', 'Choose…'] as const, ...options]
    .map(
      ([value, text]) =>
        `<option value="${escapeHtml(value)}"${form[field] === value ? ' selected' : ''}>${escapeHtml(text)}</option>`,
    )
    .join('');
  return `<div class="field"><label for="${field}">${escapeHtml(label)}</label><select id="${field}" name="${field}"${error ? ` aria-invalid="true" aria-describedby="${field}-error"` : ''}>${choices}</select>${error ? `<p class="error" id="${field}-error">${escapeHtml(error)}</p>` : ''}</div>`;
}

export function renderOnboardingPage(options: {
  action: string;
  accountId: string;
  form: OnboardingForm;
  errors: OnboardingErrors;
}): string {
  const { form, errors } = options;
  // The summary lists problems in the order the fields appear on the page.
  const problems = FIELDS.flatMap((field) => (errors[field] ? [[field, errors[field]] as const] : []));
  const summary = problems.length
    ? `<div class="summary" role="alert"><h2>Check the ${problems.length === 1 ? 'field' : `${problems.length} fields`} below</h2><ul>${problems
        .map(([field, message]) => `<li><a href="#${field}">${escapeHtml(message)}</a></li>`)
        .join('')}</ul></div>`
    : '';
  return page(
    'Set up payouts',
    `<h1>Set up payouts</h1>
<p class="lead">Marquee's sandbox payment provider needs a few details before this organisation can take ticket payments and receive payouts. Account <code>${escapeHtml(options.accountId)}</code>.</p>
${summary}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<fieldset><legend>Business information</legend>
${input('business_name', 'Business name', form, errors, 'autocomplete="organization" required')}
<div class="row">${select('business_type', 'Type of business', BUSINESS_TYPES, form, errors)}${select('country', 'Country', COUNTRIES, form, errors)}</div>
${input('address_line1', 'Street address', form, errors, 'autocomplete="address-line1" required')}
<div class="row">${input('address_city', 'Town or city', form, errors, 'autocomplete="address-level2" required')}${input('address_postal_code', 'Postcode', form, errors, 'autocomplete="postal-code" required')}</div>
</fieldset>
<fieldset><legend>Business ownership</legend>
${input('representative_name', 'Representative’s full name', form, errors, 'autocomplete="name" required')}
${input('representative_dob', 'Date of birth', form, errors, 'inputmode="numeric" placeholder="DD/MM/YYYY" autocomplete="bday" maxlength="10" required', 'Day, month, year: e.g. 10/12/1985')}
</fieldset>
<fieldset><legend>Bank account for payouts</legend>
${input('bank_account_holder', 'Account holder name', form, errors, 'required')}
<div class="row">${input('bank_routing', 'Sort code or routing number', form, errors, 'inputmode="numeric" autocomplete="off" required', 'Test value: 108800')}${input('bank_account_number', 'Account number', form, errors, 'inputmode="numeric" autocomplete="off" required', 'Test value: 00012345. Only the last four digits are kept.')}</div>
</fieldset>
<fieldset><legend>Government registration</legend>
${input('registration_number', 'Registration number', form, errors, 'required', 'Company number, EIN or equivalent')}
</fieldset>
<button type="submit">Agree and submit</button>
</form>`,
  );
}

const emptyForm = (): OnboardingForm => Object.fromEntries(FIELDS.map((field) => [field, ''])) as OnboardingForm;

function formFrom(body: unknown): OnboardingForm {
  const source = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const form = emptyForm();
  for (const field of FIELDS) {
    const value = source[field];
    form[field] = typeof value === 'string' ? value.trim() : '';
  }
  return form;
}

export interface CardForm {
  card_number: string;
  card_expiry: string;
  card_cvc: string;
  card_name: string;
}
export type CardErrors = Partial<Record<keyof CardForm | 'card', string>>;

/** Checks the card form; a well-formed test card is then charged (or declined) by sandboxCardOutcome. */
/** Stripe's decline code for a sandbox decline message. */
export function declineCode(message: string): string {
  if (message.includes('insufficient funds')) return 'insufficient_funds';
  if (message.includes('expired')) return 'expired_card';
  if (message.includes('security code')) return 'incorrect_cvc';
  if (message.includes('error occurred')) return 'processing_error';
  return 'card_declined';
}

export function validateCardForm(form: CardForm, now = new Date()): CardErrors {
  const errors: CardErrors = {};
  const outcome = sandboxCardOutcome(form.card_number);
  if (!outcome.ok && outcome.invalid) errors.card_number = outcome.message;
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(form.card_expiry);
  const month = expiry ? Number(expiry[1]) : 0;
  const year = expiry ? 2000 + Number(expiry[2]) : 0;
  if (!expiry || month < 1 || month > 12) errors.card_expiry = "Your card's expiration date is incomplete.";
  else if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    errors.card_expiry = "Your card's expiration year is in the past.";
  }
  if (!/^\d{3,4}$/.test(form.card_cvc)) errors.card_cvc = "Your card's security code is incomplete.";
  if (Object.keys(errors).length === 0 && !outcome.ok) errors.card = outcome.message;
  return errors;
}

function cardInput(field: keyof CardForm, label: string, form: CardForm, errors: CardErrors, attrs: string) {
  const error = errors[field];
  return `<div class="field"><label for="${field}">${escapeHtml(label)}</label><input id="${field}" name="${field}" value="${escapeHtml(field === 'card_cvc' ? '' : form[field])}" ${attrs}${error ? ` aria-invalid="true" aria-describedby="${field}-error"` : ''}>${error ? `<p class="error" id="${field}-error">${escapeHtml(error)}</p>` : ''}</div>`;
}

export function renderCheckoutPage(session: SandboxCheckoutRecord, form: CardForm, errors: CardErrors): string {
  const currency = toCurrencyCode(session.currency);
  const items = (session.lineItems as CheckoutLineItem[])
    .map(
      (item) =>
        `<dt>${escapeHtml(item.name)} × ${item.quantity}</dt><dd>${escapeHtml(formatMoney(item.unitAmount * item.quantity, currency))}</dd>`,
    )
    .join('');
  return page(
    'Checkout',
    `<h1>Pay ${escapeHtml(formatMoney(session.amountTotal, currency))}</h1>
<p class="lead">Sandbox checkout: use the test card 4242 4242 4242 4242, any future expiry date and any CVC.</p>
<dl>${items}<dt>Total</dt><dd><strong>${escapeHtml(formatMoney(session.amountTotal, currency))}</strong></dd></dl>
${errors.card ? `<div class="summary" role="alert"><h2>${escapeHtml(errors.card)}</h2></div>` : ''}
<form method="post" action="/sandbox/checkout/${escapeHtml(session.id)}" novalidate>
<fieldset><legend>Card details</legend>
${cardInput('card_number', 'Card number', form, errors, 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required')}
<div class="row">${cardInput('card_expiry', 'Expiry (MM / YY)', form, errors, 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" required')}${cardInput('card_cvc', 'CVC', form, errors, 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" required')}</div>
${cardInput('card_name', 'Name on card', form, errors, 'autocomplete="cc-name"')}
</fieldset>
<button type="submit">Pay ${escapeHtml(formatMoney(session.amountTotal, currency))}</button>
</form>
<p><a href="${escapeHtml(session.cancelUrl)}">Cancel and go back</a></p>`,
  );
}

/** The page's form posts here and is then redirected to the organiser's storefront: allow that origin too. */
function allowFormRedirects(reply: FastifyReply, urls: string[]) {
  const current = reply.getHeader('content-security-policy');
  if (typeof current !== 'string') return;
  const origins = [...new Set(urls.map((url) => new URL(url).origin))].join(' ');
  reply.header('content-security-policy', current.replace("form-action 'self'", `form-action 'self' ${origins}`));
}

const successUrlFor = (session: SandboxCheckoutRecord) =>
  session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id);

export async function sandboxPagesRoutes(app: FastifyInstance, deps: SandboxPagesDeps) {
  const { db, payments } = deps;
  const sandbox = payments.sandbox;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  /**
   * The link from the address, checked: forged or malformed -> 404 page; for someone signed in to a different
   * organisation -> 403 page. (With no session the signed link itself is the permission, as with Stripe.)
   */
  async function linkFrom(request: FastifyRequest, reply: FastifyReply, kind: SandboxLink['kind']) {
    const token = (request.query as { token?: unknown }).token;
    const link = typeof token === 'string' ? sandbox.readLink(token) : null;
    if (!link || link.kind !== kind) {
      await messagePage(
        reply,
        404,
        'Link not valid',
        'This link is not valid. Start again from Billing in your Marquee dashboard.',
      );
      return null;
    }
    const auth = await getRequestAuth(request);
    if (auth) {
      const [membership] = await db
        .select({ id: member.id })
        .from(member)
        .where(and(eq(member.userId, auth.userId), eq(member.organizationId, link.organizationId)))
        .limit(1);
      if (!membership) {
        await messagePage(
          reply,
          403,
          'Not your organisation',
          'This link belongs to another organisation’s payout account.',
        );
        return null;
      }
    }
    const account = await sandbox.getAccount(link.accountId);
    if (!account || account.organizationId !== link.organizationId) {
      await messagePage(reply, 404, 'Link not valid', 'This payout account no longer exists.');
      return null;
    }
    return { link, token: token as string, account };
  }

  /** An expired or already-used onboarding link sends the browser back to refresh_url, as Stripe does. */
  function isSpent(link: SandboxLink, linksValidAfter: Date | null) {
    return link.expiresAt <= Date.now() || (linksValidAfter !== null && link.issuedAt < linksValidAfter.getTime());
  }

  app.get('/sandbox/connect/onboard', async (request, reply) => {
    const found = await linkFrom(request, reply, 'onboard');
    if (!found) return reply;
    if (isSpent(found.link, found.account.linksValidAfter) && found.link.refreshUrl)
      return reply.redirect(found.link.refreshUrl, 303);
    const form = emptyForm();
    form.business_name = found.account.businessName ?? '';
    const action = `/sandbox/connect/onboard?token=${encodeURIComponent(found.token)}`;
    return sendPage(reply, 200, renderOnboardingPage({ action, accountId: found.account.id, form, errors: {} }));
  });

  app.post('/sandbox/connect/onboard', async (request, reply) => {
    const found = await linkFrom(request, reply, 'onboard');
    if (!found) return reply;
    const { link, account } = found;
    if (isSpent(link, account.linksValidAfter) && link.refreshUrl) return reply.redirect(link.refreshUrl, 303);

    const form = formFrom(request.body);
    const { errors, details } = validateOnboardingForm(form);
    if (!details) {
      const action = `/sandbox/connect/onboard?token=${encodeURIComponent(found.token)}`;
      return sendPage(reply, 422, renderOnboardingPage({ action, accountId: account.id, form, errors }));
    }

    await sandbox.completeOnboarding(account.id, details);
    // Tell the platform, exactly as Stripe would: a signed account.updated event through the webhook handler.
    const event = {
      id: `evt_sandbox_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type: 'account.updated',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      account: account.id,
      data: { object: await sandbox.accountObject(account.id) },
    };
    const payload = JSON.stringify(event);
    await receiveWebhook(
      { db, payments, notifier: deps.notifier, log: request.log },
      payload,
      sandbox.signWebhookPayload(payload),
    );
    return reply.redirect(link.returnUrl ?? `${deps.config.appUrl}/dashboard/billing?setup=complete`, 303);
  });

  app.get('/sandbox/connect/dashboard', async (request, reply) => {
    const found = await linkFrom(request, reply, 'dashboard');
    if (!found) return reply;
    const { link, account } = found;
    if (link.expiresAt <= Date.now()) {
      return messagePage(
        reply,
        410,
        'Link expired',
        'This dashboard link has expired. Open it again from Billing in your Marquee dashboard.',
      );
    }
    const [settings] = await db
      .select({ currency: organizationSettings.defaultCurrency })
      .from(organizationSettings)
      .where(eq(organizationSettings.organizationId, account.organizationId))
      .limit(1);
    const currency = settings && isCurrencyCode(settings.currency) ? settings.currency : DEFAULT_CURRENCY;
    const schedule =
      account.payoutInterval === 'weekly' && account.payoutDay
        ? `Weekly, every ${account.payoutDay.charAt(0).toUpperCase()}${account.payoutDay.slice(1)}`
        : account.payoutInterval === 'monthly' && account.payoutDay
          ? `Monthly, on day ${account.payoutDay}`
          : account.payoutInterval.charAt(0).toUpperCase() + account.payoutInterval.slice(1);
    const status = (on: boolean, yes: string, no: string) =>
      `<span class="${on ? 'ok' : 'off'}">${on ? yes : no}</span>`;
    // Balance from our own orders: none until the orders table exists.
    const balance = 0;
    return sendPage(
      reply,
      200,
      page(
        'Payouts dashboard',
        `<h1>${escapeHtml(account.businessName ?? 'Payouts dashboard')}</h1>
<p class="lead">Sandbox payouts dashboard for account <code>${escapeHtml(account.id)}</code>.</p>
<dl>
<dt>Payments</dt><dd>${status(account.chargesEnabled, 'Enabled', 'Not enabled')}</dd>
<dt>Payouts</dt><dd>${status(account.payoutsEnabled, 'Enabled', 'Not enabled')}</dd>
<dt>Balance</dt><dd>${escapeHtml(formatMoney(balance, currency))}</dd>
<dt>Payout schedule</dt><dd>${escapeHtml(schedule)}</dd>
<dt>Bank account</dt><dd>${account.bankLast4 ? `${escapeHtml(account.bankName ?? 'Bank')} •••• ${escapeHtml(account.bankLast4)}` : 'Not configured'}</dd>
<dt>Business</dt><dd>${escapeHtml([account.addressLine1, account.addressCity, account.addressPostalCode, account.country].filter(Boolean).join(', ') || '—')}</dd>
</dl>
<p><a href="${escapeHtml(`${deps.config.appUrl}/dashboard/billing`)}">Back to Billing in Marquee</a></p>`,
      ),
    );
  });
  async function openSession(request: FastifyRequest, reply: FastifyReply) {
    const { id } = request.params as { id: string };
    const session = /^cs_sandbox_[0-9a-f]{32}$/.test(id) ? await sandbox.getCheckoutSession(id) : null;
    if (!session) {
      await messagePage(reply, 404, 'Checkout not found', 'This checkout does not exist.');
      return null;
    }
    if (session.status === 'complete') {
      await reply.redirect(successUrlFor(session), 303);
      return null;
    }
    if (session.status !== 'open' || session.expiresAt.getTime() <= Date.now()) {
      allowFormRedirects(reply, [session.cancelUrl]);
      await sendPage(
        reply,
        410,
        page(
          'Checkout expired',
          `<h1>Checkout expired</h1><p class="lead">This checkout has expired.</p><p><a href="${escapeHtml(session.cancelUrl)}">Go back</a></p>`,
        ),
      );
      return null;
    }
    allowFormRedirects(reply, [session.successUrl, session.cancelUrl]);
    return session;
  }

  app.get('/sandbox/checkout/:id', async (request, reply) => {
    const session = await openSession(request, reply);
    if (!session) return reply;
    const empty = { card_number: '', card_expiry: '', card_cvc: '', card_name: '' };
    return sendPage(reply, 200, renderCheckoutPage(session, empty, {}));
  });

  app.post('/sandbox/checkout/:id', async (request, reply) => {
    const session = await openSession(request, reply);
    if (!session) return reply;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string).trim() : '');
    const form: CardForm = {
      card_number: text('card_number'),
      card_expiry: text('card_expiry'),
      card_cvc: text('card_cvc'),
      card_name: text('card_name'),
    };
    const errors = validateCardForm(form);
    if (errors.card && Object.keys(errors).length === 1) {
      // A declined card goes back to the merchant's page (as a fan would press Back on Stripe's page), which
      // keeps the hold and says why; the reason travels as a fixed code, never as free text.
      const back = new URL(session.cancelUrl);
      back.searchParams.set('payment', 'declined');
      back.searchParams.set('reason', declineCode(errors.card));
      return reply.redirect(back.toString(), 303);
    }
    if (Object.keys(errors).length > 0) return sendPage(reply, 402, renderCheckoutPage(session, form, errors));

    // The payment and the job that delivers its webhook commit together (sandbox-delivery.ts).
    const taken = await db.transaction(async (tx) => {
      const row = await sandbox.completeCheckout(session.id, tx as unknown as Database);
      if (!row) return null;
      const event = {
        id: `evt_sandbox_${randomBytes(12).toString('hex')}`,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        account: row.accountId,
        data: { object: sandbox.checkoutSessionObject(row) },
      };
      const job: SandboxDeliveryJob = { payload: JSON.stringify(event) };
      return { paid: row, job, jobId: await deps.jobs.send(QUEUES.sandboxWebhook, job, tx) };
    });
    if (!taken) return reply.redirect(`/sandbox/checkout/${session.id}`, 303);
    const { paid, job, jobId } = taken;
    await deliverSandboxEvent({ db, payments, notifier: deps.notifier, log: request.log }, job.payload);
    // Delivered: the queued copy is no longer needed (if a worker already took it, its delivery is a no-op).
    if (jobId) await deps.jobs.cancel(QUEUES.sandboxWebhook, jobId);
    return reply.redirect(successUrlFor(paid), 303);
  });
}
