// The Team tab's calls: the team (members and open invitations), inviting, withdrawing, role changes, removal.
import { queryOptions } from '@tanstack/react-query';
import type { TeamInvitation, TeamResponse, TeamRole } from '@marquee/shared';
import { apiRequest } from '../../../lib/api-client';

export const teamQuery = queryOptions({
  queryKey: ['team'],
  queryFn: () => apiRequest<TeamResponse>('/api/team'),
});

export const inviteMember = (body: { email: string; role: TeamRole }) =>
  apiRequest<TeamInvitation>('/api/team/invitations', { method: 'POST', body });

export const withdrawInvitation = (id: string) =>
  apiRequest<{ id: string }>(`/api/team/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const changeMemberRole = (id: string, role: TeamRole) =>
  apiRequest<{ id: string; role: TeamRole }>(`/api/team/members/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { role },
  });

export const removeMember = (id: string) =>
  apiRequest<{ id: string }>(`/api/team/members/${encodeURIComponent(id)}`, { method: 'DELETE' });
