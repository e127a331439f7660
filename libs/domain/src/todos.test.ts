import { describe, expect, it } from 'vitest';
import { todoDue } from './todos';

describe('to-do due time', () => {
  it('is 24 hours after the accept, on the next local date', () => {
    expect(todoDue(new Date('2026-01-14T23:30:00Z'), '2026-01-14')).toEqual({
      dueAt: new Date('2026-01-15T23:30:00Z'),
      dueDate: '2026-01-15',
    });
    // Late on the last day of a month in a zone ahead of UTC: the local date decides the due date.
    expect(todoDue(new Date('2026-01-31T12:00:00Z'), '2026-02-01').dueDate).toBe('2026-02-02');
  });
});
