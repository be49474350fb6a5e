// The e-mail to an organisation's owners when the dispatcher turns off an endpoint that kept failing.
import { renderEmail } from '../../adapters/mail/templates.js';
import { DISABLE_AFTER_FAILURES } from './backoff.js';

export function endpointDisabledEmail(input: { url: string; integrationsUrl: string }) {
  const heading = 'A webhook endpoint was turned off';
  const { html, text } = renderEmail({
    preheader: 'It failed every delivery for a day; events for it are kept until you turn it back on.',
    heading,
    paragraphs: [
      `Your webhook endpoint ${input.url} failed every delivery for more than 24 hours (at least ${DISABLE_AFTER_FAILURES} attempts in a row), so Marquee turned it off.`,
      'Events for it are kept. Fix the receiver, then turn the endpoint back on in Integrations: the waiting deliveries go out again.',
    ],
    cta: { label: 'Open Integrations', url: input.integrationsUrl },
  });
  return { subject: heading, html, text };
}
