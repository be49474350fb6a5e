// The signed-in avatar menu: a menu button (initial), the user's e-mail, Dashboard and Sign out. Arrow keys move
// between items, Escape closes and returns focus to the button, a click outside closes it.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';

interface UserMenuProps {
  userEmail?: string | null;
  userName?: string | null;
  onSignOut(): void;
}

export function userInitial(userName?: string | null, userEmail?: string | null): string {
  const source = (userName ?? '').trim() || (userEmail ?? '').trim();
  return source ? source.charAt(0).toUpperCase() : '?';
}

export function UserMenu({ userEmail, userName, onSignOut }: UserMenuProps) {
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!isOpen) return;
    items()[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);

  const close = (returnFocus: boolean) => {
    setIsOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const current = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) => list[(index + list.length) % list.length]?.focus();
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusAt(current + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusAt(current - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusAt(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusAt(list.length - 1);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  const displayName = userName?.trim() || userEmail || 'Your account';
  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={`Account menu for ${displayName}`}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        onClick={() => setIsOpen((open) => !open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !isOpen) {
            event.preventDefault();
            setIsOpen(true);
          }
        }}
        className="bg-primary text-primary-foreground flex size-9 items-center justify-center rounded-full font-mono text-sm font-bold ring-2 ring-transparent transition hover:ring-[#00ea6f]/40"
      >
        <span aria-hidden="true">{userInitial(userName, userEmail)}</span>
      </button>
      {isOpen && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="Account"
          onKeyDown={onMenuKeyDown}
          className="border-border bg-card absolute top-full right-0 z-50 mt-2 w-64 overflow-hidden rounded-xl border p-1.5 shadow-2xl shadow-black/30"
        >
          <div className="border-border mb-1 border-b px-3 pt-2 pb-3">
            {userName && <p className="truncate text-sm font-semibold">{userName}</p>}
            <p className="text-muted-foreground truncate text-xs">{userEmail ?? 'Signed in'}</p>
          </div>
          <Link
            to="/dashboard"
            role="menuitem"
            tabIndex={-1}
            onClick={() => setIsOpen(false)}
            className="hover:bg-muted focus-visible:bg-muted block rounded-md px-3 py-2 font-mono text-xs font-semibold tracking-wide uppercase"
          >
            Dashboard
          </Link>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              setIsOpen(false);
              onSignOut();
            }}
            className="hover:bg-muted focus-visible:bg-muted block w-full rounded-md px-3 py-2 text-left font-mono text-xs font-semibold tracking-wide uppercase"
          >
            Sign out
          </button>
        </div>
      )}
    </div>
  );
}
