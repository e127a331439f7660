/**
 * WCAG 2 contrast (relative luminance of sRGB colours), for text drawn on colours that come from
 * content — a sidequest card's gradient — so the text stays readable whatever the colours are.
 */

/** Body text needs 4.5:1 (WCAG 2 AA). */
export const MIN_TEXT_CONTRAST = 4.5;

export const LIGHT_TEXT = '#ffffff';
/** The dark text on light cards: the app's deepest ink. */
export const DARK_TEXT = '#1a1033';

/** `#rgb` or `#rrggbb` → [r, g, b] in 0..255; null for anything else. */
export function parseHexColour(colour: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim());
  if (!match) return null;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((c) => c + c).join('') : match[1]!;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

export function relativeLuminance([r, g, b]: [number, number, number]): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(parseHexColour(a) ?? [0, 0, 0]);
  const lb = relativeLuminance(parseHexColour(b) ?? [0, 0, 0]);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The text colour for a background made of `stops` (a gradient's colours): white while it keeps
 * 4.5:1 on every stop, else whichever of white and dark ink has the better worst case (an orange
 * to yellow card gets dark ink: white on it was about 2:1). Unparsable stops are ignored; none → white.
 */
export function textColourOn(stops: readonly string[]): typeof LIGHT_TEXT | typeof DARK_TEXT {
  const colours = stops.filter((s) => parseHexColour(s) !== null);
  if (colours.length === 0) return LIGHT_TEXT;
  const worst = (text: string) => Math.min(...colours.map((c) => contrastRatio(text, c)));
  const light = worst(LIGHT_TEXT);
  if (light >= MIN_TEXT_CONTRAST) return LIGHT_TEXT;
  return worst(DARK_TEXT) > light ? DARK_TEXT : LIGHT_TEXT;
}
