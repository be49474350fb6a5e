// The dashboard's destinations, in sidebar order; the sidebar and the command palette both list them, each
// showing only what the member's role may use (door staff get the check-in app instead of the dashboard).
import type { TeamRole } from '@marquee/shared';

export type NavIconName = 'dashboard' | 'events' | 'analytics' | 'customers' | 'profile' | 'billing';

export interface NavItem {
  label: string;
  to: string;
  icon: NavIconName;
  /** Active only on an exact path match (the spec's rule for Dashboard and Events). */
  end: boolean;
  /** Only these roles see it; everyone who reaches the dashboard otherwise. */
  roles?: readonly TeamRole[];
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: 'dashboard', end: true },
  { label: 'Events', to: '/dashboard/events', icon: 'events', end: true },
  { label: 'Analytics', to: '/dashboard/analytics', icon: 'analytics', end: false },
  { label: 'Customers', to: '/dashboard/customers', icon: 'customers', end: false },
  { label: 'Profile', to: '/dashboard/profile', icon: 'profile', end: false },
  { label: 'Billing', to: '/dashboard/billing', icon: 'billing', end: false, roles: ['owner'] },
];

/** The entries `role` may use; role-limited entries stay hidden while the role is unknown. */
export function navItemsFor(role: TeamRole | undefined, items: readonly NavItem[] = NAV_ITEMS): NavItem[] {
  return items.filter((item) => !item.roles || (role !== undefined && item.roles.includes(role)));
}

/** The entries whose label contains the typed text, ignoring case and surrounding spaces. */
export function filterNavItems(query: string, items: readonly NavItem[] = NAV_ITEMS): NavItem[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...items];
  return items.filter((item) => item.label.toLowerCase().includes(needle));
}
