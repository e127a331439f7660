/**
 * Spec format of the countdown to the weekend window: "Xh Ym". Apart from weekend.ts so that a screen
 * that only shows the server's countdown does not bundle the time-zone rules (and @date-fns/tz).
 */
export function formatUnlocksIn(ms: number): string {
  const minutes = Math.max(0, Math.ceil(ms / 60_000));
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}
