// What the sidebar holds, on desktop and in the mobile menu alike: the organisation, the navigation and
// the Logout action.
import { NavLink } from 'react-router';
import { useOrganizationRole } from '../../../lib/organization-info';
import { navItemsFor } from '../lib/nav-items';
import { useLogout } from '../hooks/use-logout';
import { LogoutIcon, NavIcon } from './icons';

export const FALLBACK_COMPANY_NAME = 'Your Company';
export const FALLBACK_EMAIL = 'you@example.com';

export interface SidebarOrganization {
  name: string | null | undefined;
  image: string | null | undefined;
}

export function OrganizationBadge({
  organization,
  email,
}: {
  organization: SidebarOrganization;
  email: string | null | undefined;
}) {
  const name = organization.name?.trim() || FALLBACK_COMPANY_NAME;
  const shownEmail = email?.trim() || FALLBACK_EMAIL;
  return (
    <div className="flex min-w-0 items-center gap-3">
      {organization.image ? (
        <img
          src={organization.image}
          alt={`${name} logo`}
          className="border-border h-10 w-10 shrink-0 rounded-lg border object-cover"
          width={40}
          height={40}
        />
      ) : (
        <span
          aria-hidden="true"
          className="bg-primary text-primary-foreground font-display flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-xl leading-none"
        >
          {name.charAt(0).toUpperCase()}
        </span>
      )}
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold" title={name} data-testid="sidebar-organization-name">
          {name}
        </p>
        <p className="text-muted-foreground truncate text-xs" title={shownEmail} data-testid="sidebar-email">
          {shownEmail}
        </p>
      </div>
    </div>
  );
}

const linkBase =
  'group flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-0';

export function SidebarContent({
  organization,
  email,
  onNavigate,
}: {
  organization: SidebarOrganization;
  email: string | null | undefined;
  /** Called when a link is followed (the mobile menu closes itself on route changes anyway). */
  onNavigate?: () => void;
}) {
  const { logout, isPending, failed } = useLogout();
  const role = useOrganizationRole();
  return (
    <div className="flex h-full flex-col">
      <div className="border-border border-b px-5 py-5">
        <OrganizationBadge organization={organization} email={email} />
      </div>
      <nav aria-label="Dashboard" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="flex flex-col gap-1">
          {navItemsFor(role).map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.end}
                onClick={onNavigate}
                className={({ isActive }) =>
                  `${linkBase} ${
                    isActive
                      ? 'bg-primary/12 text-foreground dark:bg-primary/10'
                      : 'text-muted-foreground hover:bg-muted hover:text-foreground'
                  }`
                }
              >
                {({ isActive }) => (
                  <>
                    <NavIcon
                      name={item.icon}
                      className={`h-5 w-5 shrink-0 ${isActive ? 'text-primary dark:text-primary' : ''} ${
                        isActive ? 'brightness-75 dark:brightness-100' : ''
                      }`}
                    />
                    <span>{item.label}</span>
                    {isActive ? (
                      <span aria-hidden="true" className="bg-primary ml-auto h-1.5 w-1.5 rounded-full" />
                    ) : null}
                  </>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="border-border border-t px-3 py-4">
        <button
          type="button"
          onClick={() => void logout()}
          disabled={isPending}
          className={`${linkBase} text-muted-foreground hover:bg-muted hover:text-foreground w-full disabled:opacity-60`}
        >
          <LogoutIcon className="h-5 w-5 shrink-0" />
          <span>{isPending ? 'Logging out…' : 'Logout'}</span>
        </button>
        {failed ? (
          <p role="alert" className="px-3 pt-2 text-xs font-medium tracking-wide text-danger uppercase">
            Could not log out. Please try again.
          </p>
        ) : null}
      </div>
    </div>
  );
}
