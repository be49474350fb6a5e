// The wizards' unsaved-changes guard: a browser warning when the tab closes, and a confirm before an
// in-app navigation away (links to the new-event route are let through, as the spec says).
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { EVENT_MESSAGES } from '@marquee/shared';

export const NEW_EVENT_PATH = '/dashboard/events/new';

export function useUnsavedChangesGuard(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the warning only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active && nextLocation.pathname !== currentLocation.pathname && nextLocation.pathname !== NEW_EVENT_PATH,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(EVENT_MESSAGES.unsavedChanges)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
}
