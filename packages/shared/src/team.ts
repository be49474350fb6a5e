// Team and roles (decision 030): the three roles, what each may use, the invitation rules, the texts the API and
// the dashboard show, and the API shapes shared by the server and the Team tab.
import { z } from 'zod';
import { isValidEmail } from './auth.js';

export const TEAM_ROLES = ['owner', 'admin', 'door'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const TEAM_ROLE_LABELS: Readonly<Record<TeamRole, string>> = {
  owner: 'Owner',
  admin: 'Admin',
  door: 'Door staff',
};

export const TEAM_ROLE_DESCRIPTIONS: Readonly<Record<TeamRole, string>> = {
  owner: 'Everything, including the team and payouts',
  admin: 'Everything but the team and payouts',
  door: "Check-in and door sales of the organisation's events, nothing else",
};

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

export const TEAM_MESSAGES = {
  roleForbidden: 'Your role in this organisation does not allow this',
  alreadyMember: 'That person is already a member of your organisation',
  lastOwner: 'Your organisation needs at least one owner: make someone else owner first',
  memberNotFound: 'That member was not found',
  invitationNotFound: 'This invitation link is not valid. Ask the organiser for a new one.',
  invitationExpired: 'This invitation has expired. Ask the organiser for a new one.',
  invitationUsed: 'This invitation has already been used.',
  invitationRevoked: 'This invitation was withdrawn. Ask the organiser for a new one.',
  wrongAccount: (email: string) =>
    `This invitation is for ${email}. Sign out, then sign in or sign up with that address to accept it.`,
  alreadyJoined: 'You are already a member of this organisation.',
} as const;

const email = z
  .string()
  .trim()
  .max(254)
  .refine((value) => isValidEmail(value), { message: 'Enter a valid email address' })
  .transform((value) => value.toLowerCase());

export const teamRoleSchema = z.enum(TEAM_ROLES, { error: 'Choose a role: owner, admin or door staff' });
export const inviteBodySchema = z.object({ email, role: teamRoleSchema });
export const memberRoleBodySchema = z.object({ role: teamRoleSchema });

export const teamMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: teamRoleSchema,
  joined_at: z.string(),
  /** The caller's own membership. */
  is_you: z.boolean(),
});
export const teamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: teamRoleSchema,
  invited_at: z.string(),
  expires_at: z.string(),
});
export const teamResponseSchema = z.object({
  members: z.array(teamMemberSchema),
  invitations: z.array(teamInvitationSchema),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;
export type TeamResponse = z.infer<typeof teamResponseSchema>;

/** What the invitation page shows before the invitee accepts. */
export const invitationPreviewSchema = z.object({
  organization_name: z.string(),
  email: z.string(),
  role: teamRoleSchema,
  expires_at: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const acceptInvitationResponseSchema = z.object({ organization_name: z.string(), role: teamRoleSchema });
