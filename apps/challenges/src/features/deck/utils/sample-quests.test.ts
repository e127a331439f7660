import { describe, expect, it } from 'vitest';
import { sampleQuests } from './sample-quests';

describe('built-in sample sidequests (spec §9)', () => {
  it('give 25 to 60 XP on the daily deck and 150 to 300 on the weekend deck', () => {
    for (const q of sampleQuests('daily')) expect(q.xp >= 25 && q.xp <= 60, `${q.title}: ${q.xp}`).toBe(true);
    for (const q of sampleQuests('weekend')) expect(q.xp >= 150 && q.xp <= 300, `${q.title}: ${q.xp}`).toBe(true);
  });

  it('carry ids no server card can have, so one is never mistaken for a real card', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    for (const q of [...sampleQuests('daily'), ...sampleQuests('weekend')]) expect(q.id).not.toMatch(uuid);
  });
});
