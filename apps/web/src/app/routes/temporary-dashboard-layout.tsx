// TEMPORARY (feat/events-ui only): a bare /dashboard layout so the events screens can be run before the
// real dashboard shell lands. The shell's branch replaces this file and its entry in router.tsx.
import { NavLink, Outlet } from 'react-router';
import { useTheme } from '../../lib/theme';

const links = [
  { to: '/dashboard', label: 'Dashboard', end: true },
  { to: '/dashboard/events', label: 'Events', end: true },
  { to: '/dashboard/billing', label: 'Billing', end: false },
];

export function TemporaryDashboardLayout() {
  const { theme, toggleTheme } = useTheme();
  return (
    <div className="bg-background text-foreground min-h-screen">
      <header className="border-border flex h-14 items-center justify-between gap-4 border-b px-4 sm:px-6 lg:px-8">
        <nav aria-label="Dashboard" className="flex items-center gap-4 text-sm">
          <span className="font-display text-2xl tracking-wide">Marquee</span>
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.end}
              className={({ isActive }) => (isActive ? 'text-foreground font-semibold' : 'text-muted-foreground hover:text-foreground')}
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <button type="button" onClick={toggleTheme} className="text-muted-foreground hover:text-foreground font-mono text-xs uppercase">
          {theme === 'dark' ? 'Light mode' : 'Dark mode'}
        </button>
      </header>
      <main className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <Outlet />
      </main>
    </div>
  );
}
