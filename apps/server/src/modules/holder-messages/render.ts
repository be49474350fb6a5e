// A message to ticket holders as an e-mail (decision 154): the organiser's plain text in their branded layout
// (adapters/mail/templates.ts escapes it and keeps its line breaks), with a footer saying why it came. A marketing
// e-mail also carries its unsubscribe link, in the body and as List-Unsubscribe with List-Unsubscribe-Post
// (RFC 8058), so mail clients offer one-click unsubscribe. A logistics e-mail (about a ticket the person holds) is
// transactional: it carries no unsubscribe, as holding the ticket is why it is sent.
import { renderEmail, type EmailContent } from '../../adapters/mail/templates.js';
import type { HolderAudience } from '@marquee/shared';

export interface MessageBrand {
  companyName: string;
  primaryColor: string;
  secondaryColor: string;
  logoUrl: string | null;
}

export interface RenderedMessage extends EmailContent {
  headers?: Record<string, string>;
}

/** The body's paragraphs: separated by blank lines, each keeping its own line breaks. */
export function paragraphsOf(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

export function renderHolderMessage(input: {
  audience: HolderAudience;
  subject: string;
  body: string;
  eventName: string;
  brand: MessageBrand;
  /** The absolute one-click unsubscribe URL; required for marketing, ignored otherwise. */
  unsubscribeUrl?: string;
}): RenderedMessage {
  const marketing = input.audience === 'marketing';
  const paragraphs = paragraphsOf(input.body);
  const footer = marketing
    ? `You received this e-mail because you agreed to hear from ${input.brand.companyName} when you bought tickets on Marquee.`
    : `You received this e-mail because you hold a ticket for ${input.eventName} from ${input.brand.companyName}. It is about your ticket, so it is sent whatever your marketing choices.`;
  const content = renderEmail({
    sender: {
      name: input.brand.companyName,
      primaryColor: input.brand.primaryColor,
      secondaryColor: input.brand.secondaryColor,
      logoUrl: input.brand.logoUrl,
    },
    preheader: (paragraphs[0] ?? '').slice(0, 140),
    heading: input.subject,
    paragraphs,
    preLine: true,
    blocks:
      marketing && input.unsubscribeUrl
        ? [
            {
              kind: 'link',
              text: `Do not want these e-mails from ${input.brand.companyName}?`,
              label: 'Unsubscribe',
              url: input.unsubscribeUrl,
            },
          ]
        : [],
    footer,
  });
  if (!marketing) return { subject: input.subject, ...content };
  if (!input.unsubscribeUrl) throw new Error('a marketing e-mail needs its unsubscribe link');
  return {
    subject: input.subject,
    ...content,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
