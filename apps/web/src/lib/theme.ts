// Light/dark theme: saved locally under the 'theme' key, otherwise the system preference applies.
import { useCallback, useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'theme';

function readTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

export function applyTheme(theme: Theme) {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
}

const listeners = new Set<() => void>();

function hasSavedTheme(): boolean {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

export function useTheme() {
  const theme = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      // Without a saved choice the theme follows the system setting, also when it changes.
      const media = window.matchMedia('(prefers-color-scheme: dark)');
      const onSystemChange = (event: MediaQueryListEvent) => {
        if (hasSavedTheme()) return;
        applyTheme(event.matches ? 'dark' : 'light');
        listeners.forEach((notify) => notify());
      };
      media.addEventListener('change', onSystemChange);
      return () => {
        listeners.delete(listener);
        media.removeEventListener('change', onSystemChange);
      };
    },
    readTheme,
    () => 'dark' as Theme,
  );
  const setTheme = useCallback((next: Theme) => {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // storage unavailable: the choice lasts for this page only
    }
    applyTheme(next);
    listeners.forEach((listener) => listener());
  }, []);
  const toggleTheme = useCallback(() => setTheme(readTheme() === 'dark' ? 'light' : 'dark'), [setTheme]);
  return { theme, setTheme, toggleTheme };
}
