// Mobile navigation (below md): a floating menu button opens a side panel. Signed out it offers FEATURES,
// PRICING, GET STARTED and SIGN IN; signed in, DASHBOARD. It closes with a 300 ms exit animation on Escape, on
// the backdrop, on the close button and on choosing an item; focus stays inside while it is open and returns
// to the menu button afterwards.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MOBILE_MENU_EXIT_MS } from '../hooks/motion';
import { useFocusTrap } from '../hooks/use-focus-trap';
import { prefersReducedMotion } from '../hooks/use-reduced-motion';

type PanelState = 'closed' | 'open' | 'closing';
type MenuItem = 'FEATURES' | 'PRICING' | 'GET STARTED' | 'SIGN IN' | 'DASHBOARD';

const SIGNED_OUT_ITEMS: readonly MenuItem[] = ['FEATURES', 'PRICING', 'GET STARTED', 'SIGN IN'];
const ITEM_CLASSES =
  'font-display w-full rounded-lg px-2 py-2 text-left text-5xl tracking-wide transition-colors hover:text-[#00ea6f] block';
const SIGNED_IN_ITEMS: readonly MenuItem[] = ['DASHBOARD'];

interface MobileMenuProps {
  isSignedIn: boolean;
  onNavigate(id: string): void;
  onGetStarted(): void;
  onSignIn(): void;
}

export function MobileMenu({ isSignedIn, onNavigate, onGetStarted, onSignIn }: MobileMenuProps) {
  const [state, setState] = useState<PanelState>('closed');
  const panelRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const navigate = useNavigate();

  useFocusTrap(panelRef, state === 'open');

  const close = useCallback((after?: () => void, returnFocus = true) => {
    setState((current) => (current === 'open' ? 'closing' : current));
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(
      () => {
        setState('closed');
        if (returnFocus) buttonRef.current?.focus();
      },
      prefersReducedMotion() ? 0 : MOBILE_MENU_EXIT_MS,
    );
    after?.();
  }, []);

  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );

  useEffect(() => {
    if (state !== 'open') return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [state, close]);

  const items: readonly MenuItem[] = isSignedIn ? SIGNED_IN_ITEMS : SIGNED_OUT_ITEMS;

  const choose = (item: MenuItem) => {
    if (item === 'DASHBOARD') close(() => navigate('/dashboard'), false);
    else if (item === 'FEATURES') close(() => onNavigate('features'), false);
    else if (item === 'PRICING') close(() => onNavigate('pricing'), false);
    else if (item === 'GET STARTED') close(onGetStarted, false);
    else close(onSignIn, false);
  };

  return (
    <div className="md:hidden">
      <button
        ref={buttonRef}
        type="button"
        aria-label="Open menu"
        aria-expanded={state === 'open'}
        aria-controls={state === 'closed' ? undefined : 'landing-mobile-menu'}
        onClick={() => setState('open')}
        className="fixed right-5 bottom-5 z-40 flex size-14 items-center justify-center rounded-full bg-[#00ea6f] text-[#0a0a0a] shadow-xl shadow-black/40 transition-transform active:scale-95"
      >
        <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true" focusable="false">
          <path d="M4 7h16M4 12h16M4 17h10" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
      {state !== 'closed' && (
        <div className="fixed inset-0 z-50">
          <div
            className="landing-backdrop absolute inset-0 bg-black/60 backdrop-blur-sm"
            data-state={state}
            aria-hidden="true"
            onClick={() => close()}
          />
          <div
            ref={panelRef}
            id="landing-mobile-menu"
            role="dialog"
            aria-modal="true"
            aria-label="Menu"
            data-state={state}
            className="landing-panel absolute inset-y-0 right-0 flex w-[min(22rem,86vw)] flex-col border-l border-white/10 bg-[#0a0a0a] p-6 text-[#fafafa]"
          >
            <div className="flex items-center justify-between">
              <p className="font-mono text-xs tracking-widest text-white/50 uppercase">Menu</p>
              <button
                type="button"
                aria-label="Close menu"
                onClick={() => close()}
                className="-m-2 flex size-10 items-center justify-center rounded-full hover:bg-white/10"
              >
                <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" focusable="false">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            </div>
            <nav aria-label="Mobile" className="mt-10">
              <ul className="flex flex-col gap-1">
                {items.map((item) => (
                  <li key={item}>
                    {item === 'DASHBOARD' ? (
                      <Link
                        to="/dashboard"
                        onClick={(event) => {
                          event.preventDefault();
                          choose(item);
                        }}
                        className={ITEM_CLASSES}
                      >
                        {item}
                      </Link>
                    ) : (
                      <button
                        type="button"
                        onClick={() => choose(item)}
                        disabled={state !== 'open'}
                        className={ITEM_CLASSES}
                      >
                        {item}
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
            <p className="mt-auto font-mono text-xs text-white/50">Free forever. Customer pays fee.</p>
          </div>
        </div>
      )}
    </div>
  );
}
