import { describe, expect, it } from 'vitest';
import { isBehind, podWeekLockedSentence, podWeekOpens, podWeekQuorum } from './pod-playbooks';

describe('pod playbook week gate', () => {
  it('needs every member in "all" mode and a strict majority in "majority" mode', () => {
    expect(podWeekQuorum('all', 4)).toBe(4);
    expect(podWeekQuorum('majority', 4)).toBe(3);
    expect(podWeekQuorum('majority', 3)).toBe(2);
    expect(podWeekQuorum('majority', 1)).toBe(1);
    expect(podWeekOpens('all', 3, 2)).toBe(false);
    expect(podWeekOpens('majority', 3, 2)).toBe(true);
  });

  it('says who the pod waits for', () => {
    expect(podWeekLockedSentence('all', 2)).toBe('Your pod opens week 2 when everyone has finished week 1.');
    expect(podWeekLockedSentence('majority', 3)).toContain('most of you');
  });

  it('counts a member behind until they finish the open week', () => {
    expect(isBehind(0, 1)).toBe(true);
    expect(isBehind(1, 1)).toBe(false);
  });
});
