import { useCallback, useSyncExternalStore } from 'react';

export type Theme = 'dark' | 'light';

/** Spec's local storage key. */
export const THEME_STORAGE_KEY = 'theme';
const THEME_EVENT = 'vere:theme';

export function readTheme(): Theme {
  if (typeof document === 'undefined') return 'dark';
  return document.documentElement.dataset.theme === 'light' ? 'light' : 'dark';
}

/** Applies the stored theme (dark by default); call once at start-up. */
export function applyStoredTheme(): Theme {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    stored = null;
  }
  const theme: Theme = stored === 'light' ? 'light' : 'dark';
  document.documentElement.dataset.theme = theme;
  return theme;
}

export function setTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode: the theme still applies for this page.
  }
  window.dispatchEvent(new Event(THEME_EVENT));
}

function subscribe(onChange: () => void) {
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    applyStoredTheme();
    onChange();
  };
  window.addEventListener(THEME_EVENT, onChange);
  window.addEventListener('storage', fromOtherTab);
  return () => {
    window.removeEventListener(THEME_EVENT, onChange);
    window.removeEventListener('storage', fromOtherTab);
  };
}

/** The theme lives on <html data-theme>, so every bundle on the page (shell and remotes) agrees. */
export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, readTheme, () => 'dark' as Theme);
  return [theme, useCallback((next: Theme) => setTheme(next), [])];
}
