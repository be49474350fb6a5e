// A modal dialog: centred overlay with a 0.2 s fade, closes on a backdrop click and on Escape, traps focus
// while open and gives it back to the element that opened it.
import { useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModalFocus } from './use-modal-focus';

export interface DialogProps {
  open: boolean;
  onClose(): void;
  /** Accessible name of the dialog. */
  label: string;
  children: ReactNode;
  className?: string;
}

export function Dialog({ open, onClose, label, children, className = '' }: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  useModalFocus(open, panel, onClose);

  if (!open) return null;
  return createPortal(
    <div
      className="animate-[fade-in_0.2s_ease-out] fixed inset-0 z-50 flex items-center justify-center bg-black/70 p-4 backdrop-blur-sm"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      data-testid="dialog-backdrop"
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        className={`bg-card text-foreground border-border relative max-h-[92vh] w-full max-w-md overflow-y-auto rounded-2xl border shadow-2xl ${className}`}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
