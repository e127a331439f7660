/** What the Capacitor bridge puts on window inside the iOS wrapper (no import: the web never loads it). */
interface CapacitorGlobal {
  isNativePlatform?: () => boolean;
}

/** False where there is no window (the build's prerender of /auth runs in Node). */
export function isNativePlatform(
  win: { Capacitor?: CapacitorGlobal } = typeof window === 'undefined'
    ? {}
    : (window as { Capacitor?: CapacitorGlobal }),
): boolean {
  try {
    return win.Capacitor?.isNativePlatform?.() === true;
  } catch {
    return false;
  }
}
