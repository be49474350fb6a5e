// The e-mail the owner gets once when PRO ends (decision 149): what stops and what is kept, and the way back.
import { renderEmail, type EmailContent } from '../../adapters/mail/templates.js';

export const PRO_ENDED_TEXT =
  'Your API keys are suspended and your webhooks are paused. Your data is kept: subscribe again in Billing and they work again.';

export function proEndedEmail(input: { organizationName: string; billingUrl: string }): EmailContent {
  return {
    subject: `PRO has ended for ${input.organizationName}`,
    ...renderEmail({
      preheader: `PRO has ended for ${input.organizationName}.`,
      heading: 'PRO has ended',
      paragraphs: [`The PRO plan of ${input.organizationName} has ended with its last paid period.`, PRO_ENDED_TEXT],
      cta: { label: 'Open Billing', url: input.billingUrl },
    }),
  };
}
