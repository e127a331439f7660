import { describe, expect, it } from 'vitest';
import type { WeeklyVictory } from '@vere/contracts';
import { rememberPhotoLink, victoryPhotoUrl } from './photo-links';

const victory = (
  proofPhotoId: string | null,
  proofPhotoUrl?: string | null,
): WeeklyVictory & { proofPhotoUrl?: string | null } => ({
  weeklyChallengeId: 'w',
  weekNumber: 1,
  startDate: '2026-11-22',
  endDate: '2026-11-28',
  challengeId: 'c',
  title: 'T',
  category: 'Connection',
  xp: 120,
  completedAt: '2026-11-23T10:00:00.000Z',
  reflection: null,
  proofText: null,
  proofPhotoId,
  ...(proofPhotoUrl === undefined ? {} : { proofPhotoUrl }),
});

describe('victoryPhotoUrl', () => {
  const now = Date.parse('2026-11-23T12:00:00.000Z');

  it("prefers the API's own signed link", () => {
    expect(victoryPhotoUrl(victory('p1', 'https://x/signed'), now)).toBe('https://x/signed');
  });

  it('uses the link this page got at upload while it works', () => {
    rememberPhotoLink({ id: 'p2', url: '/api/quests/photos/p2?sig=a', expiresAt: '2026-11-23T13:00:00.000Z' });
    expect(victoryPhotoUrl(victory('p2'), now)).toBe('/api/quests/photos/p2?sig=a');
    expect(victoryPhotoUrl(victory('p2'), Date.parse('2026-11-23T13:00:01.000Z'))).toBeNull();
  });

  it('is null without a photo, or for a photo this page does not know', () => {
    expect(victoryPhotoUrl(victory(null), now)).toBeNull();
    expect(victoryPhotoUrl(victory('unknown'), now)).toBeNull();
  });
});
