// The slide-out menu below the md breakpoint: slides in from the left, closes on Escape, on a backdrop click
// and (through its parent) on every route change, keeps focus inside while open and slides out over 300 ms.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModalFocus } from '../../../components/ui/use-modal-focus';
import { CloseIcon } from './icons';

export const MOBILE_MENU_EXIT_MS = 300;

export function MobileMenu({
  open,
  onClose,
  id,
  children,
}: {
  open: boolean;
  onClose: () => void;
  id: string;
  children: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  // Kept mounted for the exit animation after `open` turns false.
  const [wasOpen, setWasOpen] = useState(open);
  const [closing, setClosing] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    setClosing(!open);
  }
  useEffect(() => {
    if (!closing) return;
    const timer = window.setTimeout(() => setClosing(false), MOBILE_MENU_EXIT_MS);
    return () => window.clearTimeout(timer);
  }, [closing]);

  useModalFocus(open, panel, onClose);

  if (!open && !closing) return null;
  return createPortal(
    <div className="fixed inset-0 z-50 md:hidden" data-state={open ? 'open' : 'closing'} inert={!open}>
      <div
        className={`absolute inset-0 bg-black/60 backdrop-blur-sm transition-opacity duration-300 ease-out motion-reduce:transition-none ${
          open ? 'opacity-100 starting:opacity-0' : 'opacity-0'
        }`}
        onMouseDown={onClose}
        data-testid="mobile-menu-backdrop"
        aria-hidden="true"
      />
      <div
        ref={panel}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        className={`bg-card text-foreground border-border absolute inset-y-0 left-0 flex w-[min(20rem,85vw)] flex-col border-r shadow-2xl transition-transform duration-300 ease-out motion-reduce:transition-none ${
          open ? 'translate-x-0 starting:-translate-x-full' : '-translate-x-full'
        }`}
      >
        <div className="flex items-center justify-between px-5 pt-4">
          <span className="font-display text-2xl tracking-wide">Marquee</span>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close menu"
            className="text-muted-foreground hover:bg-muted hover:text-foreground -mr-2 flex h-10 w-10 items-center justify-center rounded-lg"
          >
            <CloseIcon />
          </button>
        </div>
        <div className="min-h-0 flex-1">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
