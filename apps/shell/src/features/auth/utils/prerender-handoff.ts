/**
 * The prerendered `/auth` (prerender/auth.tsx) paints before the shell's JavaScript has run. Until
 * React has hydrated it, index.html's inline script holds back a form submit (a native one would
 * put the password in a URL) and a tap on a `type="button"` button (it would do nothing), keeping
 * the last of each in `window.__vereHeldSubmit` / `window.__vereHeldClick`.
 */
declare global {
  interface Window {
    __vereHeldSubmit?: EventTarget | null;
    __vereHeldClick?: EventTarget | null;
  }
}

/**
 * Called once the prerendered page is hydrated: marks it React's (submits and taps go through React
 * from now on) and sends what the user did before, so a quick "Sign In" or "Forgot password?" is
 * not lost. A submit wins over a tap: it was the user's last word on the form.
 */
export function takeOverPrerenderedPage(doc: Document = document, win: Window = window): void {
  const root = doc.getElementById('root');
  if (!root?.hasAttribute('data-prerendered')) return;
  root.removeAttribute('data-prerendered');
  const form = win.__vereHeldSubmit;
  const button = win.__vereHeldClick;
  win.__vereHeldSubmit = null;
  win.__vereHeldClick = null;
  if (form instanceof HTMLFormElement && form.isConnected) form.requestSubmit();
  else if (button instanceof HTMLButtonElement && button.isConnected) button.click();
}
