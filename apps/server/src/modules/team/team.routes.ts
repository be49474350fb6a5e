// Team API (decision 030). The owner's: the team (members and open invitations), inviting, withdrawing an
// invitation, changing a member's role and removing a member. The invitee's: reading an invitation by its
// e-mailed token (the token is the capability) and accepting it while signed in with the invited address.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInvitationResponseSchema,
  invitationPreviewSchema,
  inviteBodySchema,
  memberRoleBodySchema,
  teamInvitationSchema,
  teamResponseSchema,
  teamRoleSchema,
} from '@marquee/shared';
import type { Config } from '../../config.js';
import { requireOrganization, requireUser } from '../auth/auth.guard.js';
import {
  acceptInvitation,
  changeMemberRole,
  inviteMember,
  listTeam,
  previewInvitation,
  removeMember,
  revokeInvitation,
} from './team.service.js';

/** The team is the owner's (decision 030). */
const OWNER_ONLY = { roles: ['owner'] } as const;

const memberParams = z.object({ memberId: z.string().min(1).max(64) });
const invitationParams = z.object({ invitationId: z.uuid({ error: 'Not a valid invitation id' }) });
const tokenParams = z.object({
  token: z
    .string()
    .min(16)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/),
});

export function teamRoutes(app: FastifyInstance, deps: { config: Config }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  api.get('/api/team', { schema: { response: { 200: teamResponseSchema } } }, async (request) => {
    const auth = await requireOrganization(request, OWNER_ONLY);
    return listTeam(db, auth.organizationId, auth.userId);
  });

  api.post(
    '/api/team/invitations',
    { schema: { body: inviteBodySchema, response: { 201: teamInvitationSchema } } },
    async (request, reply) => {
      const auth = await requireOrganization(request, OWNER_ONLY);
      const invitation = await inviteMember(
        { db, mailer: app.mailer, appUrl: deps.config.appUrl },
        { organizationId: auth.organizationId, userId: auth.userId, name: auth.name },
        request.body,
      );
      return reply.status(201).send(invitation);
    },
  );

  api.delete(
    '/api/team/invitations/:invitationId',
    { schema: { params: invitationParams, response: { 200: z.object({ id: z.string() }) } } },
    async (request) => {
      const auth = await requireOrganization(request, OWNER_ONLY);
      await revokeInvitation(db, auth.organizationId, request.params.invitationId);
      return { id: request.params.invitationId };
    },
  );

  api.patch(
    '/api/team/members/:memberId',
    {
      schema: {
        params: memberParams,
        body: memberRoleBodySchema,
        response: { 200: z.object({ id: z.string(), role: teamRoleSchema }) },
      },
    },
    async (request) => {
      const auth = await requireOrganization(request, OWNER_ONLY);
      return changeMemberRole(db, auth.organizationId, request.params.memberId, request.body.role);
    },
  );

  api.delete(
    '/api/team/members/:memberId',
    { schema: { params: memberParams, response: { 200: z.object({ id: z.string() }) } } },
    async (request) => {
      const auth = await requireOrganization(request, OWNER_ONLY);
      await removeMember(db, auth.organizationId, request.params.memberId);
      return { id: request.params.memberId };
    },
  );

  api.get(
    '/api/invitations/:token',
    { schema: { params: tokenParams, response: { 200: invitationPreviewSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return previewInvitation(db, request.params.token);
    },
  );

  api.post(
    '/api/invitations/:token/accept',
    { schema: { params: tokenParams, response: { 200: acceptInvitationResponseSchema } } },
    async (request) => {
      const auth = await requireUser(request);
      return acceptInvitation(db, request.params.token, auth);
    },
  );
}
