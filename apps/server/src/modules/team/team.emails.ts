// The invitation e-mail: who invites, to which organisation, with which role, and the link that signs the invitee
// up or in and joins them. Sent as Marquee (the invitee is signing in to Marquee's dashboard).
import { INVITATION_TTL_DAYS, TEAM_ROLE_DESCRIPTIONS, TEAM_ROLE_LABELS, type TeamRole } from '@marquee/shared';
import { renderEmail, type EmailContent } from '../../adapters/mail/templates.js';

export function invitationEmail(input: {
  organizationName: string;
  inviterName: string;
  role: TeamRole;
  url: string;
}): EmailContent {
  const role = TEAM_ROLE_LABELS[input.role];
  return {
    subject: `You are invited to join ${input.organizationName} on Marquee`,
    ...renderEmail({
      preheader: `${input.inviterName} invited you to ${input.organizationName} as ${role}.`,
      heading: `Join ${input.organizationName}`,
      paragraphs: [
        `${input.inviterName} invited you to join ${input.organizationName} on Marquee as ${role}: ${TEAM_ROLE_DESCRIPTIONS[input.role].toLowerCase()}.`,
        `Open the link to sign up or sign in with this e-mail address and join. It works once and expires in ${INVITATION_TTL_DAYS} days.`,
        'If you did not expect this invitation, you can ignore this e-mail.',
      ],
      cta: { label: 'Accept invitation', url: input.url },
    }),
  };
}
