// The Profile page's Team tab (the owner's): invite someone by e-mail with a role, the members with their role
// (changed on the spot) and a Remove action that asks first, and the open invitations, which can be withdrawn.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  isValidEmail,
  TEAM_ROLE_DESCRIPTIONS,
  TEAM_ROLE_LABELS,
  TEAM_ROLES,
  type TeamMember,
  type TeamRole,
} from '@marquee/shared';
import { Button } from '../../../components/ui/button';
import { TextField, inputClasses } from '../../../components/ui/input';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { changeMemberRole, inviteMember, removeMember, teamQuery, withdrawInvitation } from '../api/team';

type Notice = { kind: 'ok' | 'error'; text: string } | null;

const labelClasses = 'text-muted-foreground font-mono text-[11px] font-semibold tracking-wider uppercase';
const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

function TeamCard({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="border-border bg-card flex flex-col gap-5 rounded-2xl border p-5">
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function RoleSelect({
  value,
  onChange,
  label,
  disabled,
  showLabel = false,
}: {
  value: TeamRole;
  onChange(role: TeamRole): void;
  label: string;
  disabled?: boolean;
  showLabel?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={showLabel ? labelClasses : 'sr-only'}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as TeamRole)}
        className={`${inputClasses} pr-8`}
      >
        {TEAM_ROLES.map((role) => (
          <option key={role} value={role}>
            {TEAM_ROLE_LABELS[role]}
          </option>
        ))}
      </select>
    </div>
  );
}

const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

export function TeamSettings() {
  const queryClient = useQueryClient();
  const team = useQuery(teamQuery);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamRole>('door');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [confirming, setConfirming] = useState<string | null>(null);

  const run = async (key: string, task: () => Promise<string>, fallback: string) => {
    setBusy(key);
    setNotice(null);
    try {
      const text = await task();
      setNotice({ kind: 'ok', text });
    } catch (error) {
      setNotice({ kind: 'error', text: messageOf(error, fallback) });
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: teamQuery.queryKey });
    }
  };

  const onInvite = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!isValidEmail(address)) {
      setEmailError('Enter a valid email address');
      return;
    }
    setEmailError(null);
    void run(
      'invite',
      async () => {
        try {
          await inviteMember({ email: address, role });
        } catch (error) {
          if (error instanceof ApiError && error.fields?.some((field) => field.path === 'email')) {
            setEmailError(error.fields.find((field) => field.path === 'email')!.message);
          }
          throw error;
        }
        setEmail('');
        return `Invitation sent to ${address}.`;
      },
      'The invitation could not be sent. Please try again.',
    );
  };

  const onRole = (member: TeamMember, next: TeamRole) =>
    void run(
      `role-${member.id}`,
      async () => {
        await changeMemberRole(member.id, next);
        return `${member.name || member.email} is now ${TEAM_ROLE_LABELS[next]}.`;
      },
      'The role could not be changed. Please try again.',
    );

  const onRemove = (member: TeamMember) =>
    void run(
      `remove-${member.id}`,
      async () => {
        await removeMember(member.id);
        setConfirming(null);
        return `${member.name || member.email} was removed from the team.`;
      },
      'The member could not be removed. Please try again.',
    );

  return (
    <div className="flex flex-col gap-6">
      {notice ? (
        <p
          role={notice.kind === 'error' ? 'alert' : 'status'}
          className={`text-sm ${notice.kind === 'error' ? 'text-danger' : 'text-success'}`}
        >
          {notice.text}
        </p>
      ) : null}
      <TeamCard title="Invite someone">
        <form
          onSubmit={onInvite}
          noValidate
          className="grid grid-cols-1 gap-4 md:grid-cols-[1fr_12rem_auto] md:items-end"
        >
          <TextField
            label="Email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={emailError}
            maxLength={254}
          />
          <RoleSelect value={role} onChange={setRole} label="Role" showLabel />
          <Button type="submit" size="medium" disabled={busy === 'invite' || !email.trim()}>
            {busy === 'invite' ? 'Sending...' : 'Send invitation'}
          </Button>
        </form>
        <dl className="text-muted-foreground grid grid-cols-1 gap-2 text-xs sm:grid-cols-3">
          {TEAM_ROLES.map((entry) => (
            <div key={entry} className="border-border rounded-lg border px-3 py-2">
              <dt className="text-foreground font-semibold">{TEAM_ROLE_LABELS[entry]}</dt>
              <dd>{TEAM_ROLE_DESCRIPTIONS[entry]}</dd>
            </div>
          ))}
        </dl>
      </TeamCard>

      <TeamCard title="Members">
        <QueryState
          query={team}
          error={messageOf(team.error, 'The team could not be loaded. Please try again.')}
          loading={
            <div className="bg-muted h-24 animate-pulse rounded-xl" role="status" aria-label="Loading members" />
          }
        >
          {(data) => (
            <ul className="divide-border flex flex-col divide-y" aria-label="Members">
              {data.members.map((member) => {
                const name = member.name || member.email;
                return (
                  <li key={member.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium">
                        {name}
                        {member.is_you ? <span className="text-muted-foreground font-normal"> (you)</span> : null}
                      </p>
                      <p className="text-muted-foreground truncate text-xs">{member.email}</p>
                    </div>
                    <div className="flex items-center gap-2">
                      <div className="w-40">
                        <RoleSelect
                          value={member.role}
                          label={`Role of ${name}`}
                          disabled={busy !== null}
                          onChange={(next) => onRole(member, next)}
                        />
                      </div>
                      {confirming === member.id ? (
                        <>
                          <Button size="small" onClick={() => onRemove(member)} disabled={busy !== null}>
                            {busy === `remove-${member.id}` ? 'Removing...' : 'Confirm remove'}
                          </Button>
                          <Button size="small" variant="secondary" onClick={() => setConfirming(null)}>
                            Cancel
                          </Button>
                        </>
                      ) : (
                        <Button
                          size="small"
                          variant="secondary"
                          aria-label={`Remove ${name}`}
                          onClick={() => setConfirming(member.id)}
                          disabled={busy !== null}
                        >
                          Remove
                        </Button>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
      </TeamCard>

      {team.data && team.data.invitations.length > 0 ? (
        <TeamCard title="Open invitations">
          <ul className="divide-border flex flex-col divide-y" aria-label="Open invitations">
            {team.data.invitations.map((invitation) => (
              <li key={invitation.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{invitation.email}</p>
                  <p className="text-muted-foreground text-xs">
                    {TEAM_ROLE_LABELS[invitation.role]} · expires {dateFormat.format(new Date(invitation.expires_at))}
                  </p>
                </div>
                <Button
                  size="small"
                  variant="secondary"
                  aria-label={`Withdraw the invitation to ${invitation.email}`}
                  disabled={busy !== null}
                  onClick={() =>
                    void run(
                      `withdraw-${invitation.id}`,
                      async () => {
                        await withdrawInvitation(invitation.id);
                        return `The invitation to ${invitation.email} was withdrawn.`;
                      },
                      'The invitation could not be withdrawn. Please try again.',
                    )
                  }
                >
                  Withdraw
                </Button>
              </li>
            ))}
          </ul>
        </TeamCard>
      ) : null}
    </div>
  );
}
