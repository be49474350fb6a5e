// The cookie notice: Accept and Dismiss both only hide it. No choice is stored, so it shows on every load.
import { useState } from 'react';
import { Button } from '../../../components/ui/button';

export function CookieNotice() {
  const [isVisible, setIsVisible] = useState(true);
  if (!isVisible) return null;
  return (
    <section
      aria-label="Cookie notice"
      className="border-border bg-card fixed bottom-5 left-5 z-30 flex max-w-[calc(100vw-7.5rem)] flex-col gap-3 rounded-2xl border p-4 shadow-2xl shadow-black/30 sm:max-w-sm md:right-auto"
    >
      <p className="text-sm">We use cookies to improve your experience.</p>
      <div className="flex gap-2">
        <Button size="xs" variant="primary" onClick={() => setIsVisible(false)}>
          Accept
        </Button>
        <Button size="xs" variant="secondary" onClick={() => setIsVisible(false)}>
          Dismiss
        </Button>
      </div>
    </section>
  );
}
