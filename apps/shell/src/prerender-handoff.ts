/**
 * The prerendered `/auth` (prerender/auth.tsx) paints before the shell's JavaScript has run. Until
 * React has hydrated it, index.html's inline script holds back a form submit (a native one would
 * put the password in a URL) and keeps the form in `window.__vereHeldSubmit`.
 */
declare global {
  interface Window {
    __vereHeldSubmit?: EventTarget | null;
  }
}

/**
 * Called once the prerendered page is hydrated: marks it React's (submits go through React from
 * now on) and sends a submit the user made before, so a quick tap on "Sign In" is not lost.
 */
export function takeOverPrerenderedPage(doc: Document = document, win: Window = window): void {
  const root = doc.getElementById('root');
  if (!root?.hasAttribute('data-prerendered')) return;
  root.removeAttribute('data-prerendered');
  const held = win.__vereHeldSubmit;
  win.__vereHeldSubmit = null;
  if (held instanceof HTMLFormElement && held.isConnected) held.requestSubmit();
}
