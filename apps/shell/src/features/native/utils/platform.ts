/** What the Capacitor bridge puts on window inside the iOS wrapper (no import: the web never loads it). */
interface CapacitorGlobal {
  isNativePlatform?: () => boolean;
}

export function isNativePlatform(
  win: { Capacitor?: CapacitorGlobal } = window as { Capacitor?: CapacitorGlobal },
): boolean {
  try {
    return win.Capacitor?.isNativePlatform?.() === true;
  } catch {
    return false;
  }
}
