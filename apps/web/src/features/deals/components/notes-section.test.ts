import { describe, expect, it } from 'vitest';
import { noteExcerpt } from './notes-section';

describe('note excerpt (names the edit and delete buttons)', () => {
  it('keeps a short note whole, on one line', () => {
    expect(noteExcerpt('Customer prefers\n  white')).toBe('Customer prefers white');
  });
  it('cuts a long one with an ellipsis', () => {
    const excerpt = noteExcerpt('Three shutters for the front bay, measure again before ordering', 40);
    expect(excerpt).toBe('Three shutters for the front bay, measu…');
    expect(excerpt).toHaveLength(40);
  });
});
