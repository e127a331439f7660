let configured: string | null = null;

/**
 * The origin people open Vere at, for links they share (a pod invite). On the web it is the page's
 * own; the iOS app runs at capacitor://localhost, so its shell sets the server's origin here at start.
 */
export function publicOrigin(): string {
  if (configured) return configured;
  return typeof window === 'undefined' ? '' : window.location.origin;
}

export function setPublicOrigin(origin: string | null): void {
  configured = origin;
}
