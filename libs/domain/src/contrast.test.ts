import { describe, expect, it } from 'vitest';
import { DARK_TEXT, LIGHT_TEXT, contrastRatio, parseHexColour, textColourOn } from './contrast';

describe('contrast', () => {
  it('parses #rgb and #rrggbb, and nothing else', () => {
    expect(parseHexColour('#fff')).toEqual([255, 255, 255]);
    expect(parseHexColour('#FF8A5B')).toEqual([255, 138, 91]);
    expect(parseHexColour('red')).toBeNull();
    expect(parseHexColour('#12345')).toBeNull();
  });

  it('gives WCAG ratios: 21:1 for black on white, 1:1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5);
    expect(contrastRatio('#ffffff', '#ffd54a')).toBeLessThan(2); // white on yellow: unreadable
  });

  it('keeps white on dark cards and turns to dark ink on light ones, at 4.5:1 or better', () => {
    expect(textColourOn(['#4b2bd6', '#7b3fe4'])).toBe(LIGHT_TEXT);
    const warm = ['#ff8a5b', '#ffb347', '#ffd54a'];
    expect(textColourOn(warm)).toBe(DARK_TEXT);
    for (const stop of warm) expect(contrastRatio(DARK_TEXT, stop)).toBeGreaterThanOrEqual(4.5);
    expect(textColourOn([])).toBe(LIGHT_TEXT);
    expect(textColourOn(['not a colour'])).toBe(LIGHT_TEXT);
  });
});
