// The dashboard header: the mobile menu button, the search box that opens the command palette, 'View profile'
// and the theme toggle.
import { forwardRef } from 'react';
import { Button } from '../../../components/ui/button';
import { fieldFocusClasses } from '../../../components/ui/input';
import { useTheme } from '../../../lib/theme';
import { useRecordLinkShared } from '../../../lib/guidance';
import { profileUrl } from '../lib/profile-url';
import { ExternalIcon, MenuIcon, MoonIcon, SearchIcon, SunIcon } from './icons';

export interface DashboardHeaderProps {
  activeDomain: string | null | undefined;
  menuOpen: boolean;
  menuId: string;
  onOpenMenu: () => void;
  /** Opens on a click or Enter only: tabbing onto the box just focuses it. */
  onOpenPalette: () => void;
}

const iconButton =
  'text-muted-foreground hover:bg-muted hover:text-foreground border-border flex h-10 w-10 shrink-0 items-center justify-center rounded-lg border transition-colors';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export const DashboardHeader = forwardRef<HTMLInputElement, DashboardHeaderProps>(function DashboardHeader(
  { activeDomain, menuOpen, menuId, onOpenMenu, onOpenPalette },
  searchRef,
) {
  const { theme, toggleTheme } = useTheme();
  const recordLinkShared = useRecordLinkShared();
  const url = profileUrl(activeDomain, window.location.protocol);
  const nextTheme = theme === 'dark' ? 'light' : 'dark';

  return (
    <header className="bg-background/85 border-border sticky top-0 z-30 flex h-16 items-center gap-3 border-b px-4 backdrop-blur-md md:px-8">
      <button
        type="button"
        className={`${iconButton} md:hidden`}
        onClick={onOpenMenu}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={menuOpen}
        aria-controls={menuOpen ? menuId : undefined}
      >
        <MenuIcon />
      </button>

      <div className="relative min-w-0 flex-1 md:max-w-sm">
        <SearchIcon className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2" />
        <input
          ref={searchRef}
          type="search"
          readOnly
          aria-label="Search the dashboard"
          aria-haspopup="dialog"
          aria-keyshortcuts="Control+K Meta+K"
          placeholder="Search..."
          onClick={onOpenPalette}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              onOpenPalette();
            }
          }}
          className={`border-border bg-muted/60 placeholder:text-muted-foreground hover:border-muted-foreground/40 h-10 w-full cursor-pointer rounded-lg border pr-14 pl-9 text-sm transition-colors ${fieldFocusClasses}`}
        />
        <kbd
          aria-hidden="true"
          className="border-border bg-background text-muted-foreground pointer-events-none absolute top-1/2 right-2 hidden -translate-y-1/2 rounded border px-1.5 py-0.5 font-mono text-[10px] sm:inline"
        >
          {isMac ? '⌘K' : 'Ctrl K'}
        </kbd>
      </div>

      <div className="ml-auto flex items-center gap-2">
        <Button
          size="small"
          variant="secondary"
          disabled={!url}
          title={url ? `Open ${url} in a new tab` : 'Your organisation has no domain yet'}
          icon={<ExternalIcon className="h-4 w-4" />}
          onClick={() => {
            if (!url) return;
            window.open(url, '_blank', 'noopener,noreferrer');
            // Opening the storefront ticks 'Share the link' on the getting-started checklist.
            recordLinkShared.mutate({ via: 'opened' });
          }}
          className="max-sm:w-10 max-sm:px-0 max-sm:[&>span[aria-hidden]]:hidden"
        >
          View profile
        </Button>
        <button
          type="button"
          className={iconButton}
          onClick={toggleTheme}
          aria-label={`Switch to ${nextTheme} theme`}
          title={`Switch to ${nextTheme} theme`}
        >
          {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
        </button>
      </div>
    </header>
  );
});
