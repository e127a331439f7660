import { describe, expect, it } from 'vitest';
import { proofProblem, todoDue } from './todos';

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

describe('proofProblem', () => {
  it('asks for what each proof type lacks, and nothing once it is complete', () => {
    expect(proofProblem('text', false, true)).toEqual({ message: 'Please add a text reflection', field: 'proofText' });
    expect(proofProblem('photo', true, false)).toEqual({ message: 'Please select a photo', field: 'photoId' });
    expect(proofProblem('both', false, false)).toEqual({
      message: 'Please add both text reflection and a photo',
      field: 'proofText',
    });
    expect(proofProblem('both', true, false)?.field).toBe('photoId');
    expect(proofProblem('text', true, false)).toBeNull();
    expect(proofProblem('photo', false, true)).toBeNull();
    expect(proofProblem('both', true, true)).toBeNull();
  });
});
