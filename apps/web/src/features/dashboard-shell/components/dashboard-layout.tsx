// The dashboard shell: sidebar (md and up) or slide-out menu (below md), header, and the
// page in the content area. Owns the command palette and its Ctrl/Cmd+K shortcut.
import { useCallback, useId, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '../../../lib/auth-client';
import { useOrganizationInfo } from '../../../lib/organization-info';
import { useCommandPaletteShortcut } from '../hooks/use-command-palette-shortcut';
import { CommandPalette } from './command-palette';
import { DashboardHeader } from './dashboard-header';
import { DoorStaffHome } from './door-staff-home';
import { MobileMenu } from './mobile-menu';
import { SidebarContent } from './sidebar-content';

export function DashboardLayout() {
  const location = useLocation();
  const session = useSession();
  const info = useOrganizationInfo();
  const organization = info.data?.organization;
  const sidebarOrganization = { name: organization?.name, image: organization?.image };
  const email = session.data?.user.email;
  const menuId = useId();

  // The menu belongs to the location it was opened on, so any route change closes it.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpen = menuOpenedAt !== null && menuOpenedAt === location.key;
  const closeMenu = useCallback(() => setMenuOpenedAt(null), []);

  const [paletteOpen, setPaletteOpen] = useState(false);
  const isPaletteOpen = useRef(false);
  const searchRef = useRef<HTMLInputElement>(null);
  // The palette opens on Enter or a click in the search box, or Ctrl/Cmd+K; focusing the box (Tab) does not open it.
  const openPalette = useCallback(() => {
    if (isPaletteOpen.current) return;
    isPaletteOpen.current = true;
    setPaletteOpen(true);
  }, []);
  const closePalette = useCallback(() => {
    if (!isPaletteOpen.current) return;
    isPaletteOpen.current = false;
    setPaletteOpen(false);
  }, []);
  const togglePalette = useCallback(() => {
    if (isPaletteOpen.current) closePalette();
    else openPalette();
  }, [closePalette, openPalette]);
  useCommandPaletteShortcut(togglePalette);

  // Door staff use the check-in app only: whatever dashboard address they open, they get its link.
  if (organization?.role === 'door') return <DoorStaffHome organization={sidebarOrganization} email={email} />;

  return (
    <div className="bg-background text-foreground min-h-screen">
      <a
        href="#dashboard-content"
        className="bg-primary text-primary-foreground sr-only z-[70] rounded-md px-4 py-2 text-sm font-semibold focus:not-sr-only focus:fixed focus:top-2 focus:left-4"
      >
        Skip to content
      </a>
      <aside
        aria-label="Sidebar"
        className="bg-card border-border fixed top-0 bottom-0 left-0 z-20 hidden w-64 flex-col border-r md:flex"
      >
        <div className="border-border flex h-16 shrink-0 items-center border-b px-5">
          <span className="font-display text-2xl tracking-wide">Marquee</span>
        </div>
        <div className="min-h-0 flex-1">
          <SidebarContent organization={sidebarOrganization} email={email} />
        </div>
      </aside>

      <MobileMenu open={menuOpen} onClose={closeMenu} id={menuId}>
        <SidebarContent organization={sidebarOrganization} email={email} />
      </MobileMenu>

      <div className="md:pl-64">
        <DashboardHeader
          ref={searchRef}
          activeDomain={organization?.active_domain}
          menuOpen={menuOpen}
          menuId={menuId}
          onOpenMenu={() => setMenuOpenedAt(location.key)}
          onOpenPalette={openPalette}
        />
        <main
          id="dashboard-content"
          tabIndex={-1}
          className="mx-auto w-full max-w-7xl px-4 py-8 outline-none md:px-8 md:py-10"
        >
          <Outlet />
        </main>
      </div>

      <CommandPalette open={paletteOpen} onClose={closePalette} />
    </div>
  );
}
