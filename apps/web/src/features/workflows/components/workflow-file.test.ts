import { describe, expect, it } from 'vitest';
import { readWorkflowFile } from './workflow-file';

const good = {
  format: 'slat.workflow',
  version: 1,
  name: 'Showroom',
  statuses: [{ name: 'Walk-in', slug: 'walk-in', phase: 'New' }],
  flags: [{ name: 'Paid', slug: 'paid', values: [{ slug: 'no', label: 'No' }] }],
};

describe('readWorkflowFile', () => {
  it('reads a good file with the contract (defaults filled in)', () => {
    const result = readWorkflowFile(JSON.stringify(good));
    expect(result).toEqual({
      document: {
        ...good,
        flags: [{ name: 'Paid', slug: 'paid', values: [{ slug: 'no', label: 'No', appearance: 'default' }] }],
      },
    });
  });

  it('names each problem once, with its field', () => {
    expect(readWorkflowFile('{ nope')).toEqual({ problems: ['The file is not valid JSON'] });
    const result = readWorkflowFile(
      JSON.stringify({ ...good, statuses: [], flags: [{ ...good.flags[0], values: [] }] }),
    );
    expect(result).toEqual({
      problems: [
        'statuses: A workflow needs at least one status',
        'flags[0].values: A flag needs at least one value',
      ],
    });
  });
});
