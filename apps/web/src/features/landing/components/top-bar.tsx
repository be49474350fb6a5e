// The fixed top bar: logo, the Features and Pricing anchors (desktop), and the avatar menu when signed in.
import { useEffect, useState } from 'react';
import { MarqueeLogo } from './marquee-logo';
import { UserMenu } from './user-menu';

export const SECTION_LINKS = [
  { id: 'features', label: 'Features' },
  { id: 'pricing', label: 'Pricing' },
] as const;

interface TopBarProps {
  isSignedIn: boolean;
  userEmail?: string | null;
  userName?: string | null;
  onSignOut(): void;
  onNavigate(id: string): void;
}

export function TopBar({ isSignedIn, userEmail, userName, onSignOut, onNavigate }: TopBarProps) {
  const [isScrolled, setIsScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setIsScrolled(window.scrollY > 24);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <header
      className={`fixed inset-x-0 top-0 z-40 transition-[background-color,border-color,backdrop-filter] duration-300 ${
        isScrolled
          ? 'border-border border-b bg-white/75 backdrop-blur-xl dark:bg-[#0a0a0a]/75'
          : 'border-b border-transparent bg-transparent'
      }`}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-6">
        <a
          href="#top"
          aria-label="Marquee home"
          onClick={(event) => {
            event.preventDefault();
            onNavigate('top');
          }}
          className="rounded-sm"
        >
          <MarqueeLogo className="h-6 w-auto" />
        </a>
        <div className="flex items-center gap-2">
          <nav aria-label="Sections" className="hidden md:block">
            <ul className="flex items-center gap-1">
              {SECTION_LINKS.map((link) => (
                <li key={link.id}>
                  <a
                    href={`#${link.id}`}
                    onClick={(event) => {
                      event.preventDefault();
                      onNavigate(link.id);
                    }}
                    className="text-muted-foreground hover:text-foreground rounded-md px-3 py-2 font-mono text-xs font-semibold tracking-widest uppercase transition-colors"
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {isSignedIn && <UserMenu userEmail={userEmail} userName={userName} onSignOut={onSignOut} />}
        </div>
      </div>
    </header>
  );
}
