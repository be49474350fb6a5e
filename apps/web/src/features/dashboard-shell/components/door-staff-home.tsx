// What door staff see instead of the dashboard (decision 030): their organisation, the link to the check-in app
// and Logout, nothing else. The server refuses them every other dashboard route anyway.
import { buttonClasses } from '../../../components/ui/button';
import { useLogout } from '../hooks/use-logout';
import { OrganizationBadge, type SidebarOrganization } from './sidebar-content';

export const CHECKIN_APP_PATH = '/checkin';

export function DoorStaffHome({
  organization,
  email,
}: {
  organization: SidebarOrganization;
  email: string | null | undefined;
}) {
  const { logout, isPending, failed } = useLogout();
  const name = organization.name?.trim() || 'your organisation';
  return (
    <div className="bg-background text-foreground flex min-h-screen flex-col">
      <header className="border-border flex h-16 items-center border-b px-5">
        <span className="font-display text-2xl tracking-wide">Marquee</span>
      </header>
      <main id="dashboard-content" className="flex flex-1 items-start justify-center px-4 py-10 md:items-center">
        <section
          aria-labelledby="door-staff-heading"
          className="border-border bg-card flex w-full max-w-md flex-col gap-6 rounded-2xl border p-6"
        >
          <OrganizationBadge organization={organization} email={email} />
          <div className="flex flex-col gap-2">
            <h1 id="door-staff-heading" className="font-display text-3xl tracking-wide">
              Door staff
            </h1>
            <p className="text-muted-foreground text-sm">
              You check tickets and sell at the door for {name}. Everything you need is in the check-in app.
            </p>
          </div>
          {/* A full page load: the check-in app is its own installable app. */}
          <a href={CHECKIN_APP_PATH} className={buttonClasses('medium', 'primary', 'w-full')}>
            Open the check-in app
          </a>
          <button
            type="button"
            onClick={() => void logout()}
            disabled={isPending}
            className="text-muted-foreground hover:text-foreground self-center rounded px-2 py-1 text-sm underline-offset-2 hover:underline focus-visible:outline-2 disabled:opacity-60"
          >
            {isPending ? 'Logging out…' : 'Logout'}
          </button>
          {failed ? (
            <p role="alert" className="text-center text-xs font-medium text-danger">
              Could not log out. Please try again.
            </p>
          ) : null}
        </section>
      </main>
    </div>
  );
}
