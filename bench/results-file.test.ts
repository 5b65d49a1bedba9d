import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module of the bench scripts, without types
import { budgetsOf, parseResults, replaceSection, summaryTable } from './results-file.mjs';

const header = (name: string, when = '2026-11-28 10:00 UTC') => ({
  name,
  when,
  machine: '2 × CPU, 24 GiB, Node v20',
  load: 'load average 0.1 before, 2.0 after',
  took: '12 s',
  budgets: { met: 1, over: 0 },
});

describe('bench/RESULTS.md as the bench runner keeps it', () => {
  it('counts met and missed budgets from a bench’s output', () => {
    expect(budgetsOf('| a | 0.51 ✓ |\n| b | 0.49 ✗ |\nsoak: PASS\ndrain: FAIL')).toEqual({ met: 2, over: 2 });
    expect(budgetsOf('OVER BUDGET: board 70 < 90; deal 53 < 90; quote 47 < 90')).toEqual({ met: 0, over: 3 });
    expect(budgetsOf('req/s 300')).toEqual({ met: 0, over: 0 });
  });

  it('adds a bench’s section to a file that has none, with the default introduction', () => {
    const text = replaceSection('', header('orders'), '| x | 1 ✓ |\n');
    expect(text).toMatch(/^# Benchmark results/);
    expect(text).toContain(
      '<!-- bench:orders -->\n## orders — `npm run bench -- orders`\n2026-11-28 10:00 UTC · ',
    );
    expect(text).toContain('| x | 1 ✓ |\n\n<!-- /bench:orders -->');
  });

  it('replaces only the bench that ran, keeps the others in name order and what follows them', () => {
    let text = replaceSection('', header('pdf'), 'pdf one\n');
    text = replaceSection(text, header('auth'), 'auth one\n');
    text = `${text}\n## Measured by hand\nCI took 20 min.\n`;
    text = replaceSection(text, header('pdf', '2026-11-29 09:00 UTC'), 'pdf two\n');
    const { sections, rest } = parseResults(text);
    expect([...sections.keys()]).toEqual(['auth', 'pdf']);
    expect(sections.get('pdf')).toContain('pdf two');
    expect(sections.get('pdf')).not.toContain('pdf one');
    expect(sections.get('auth')).toContain('auth one');
    expect(rest).toContain('## Measured by hand\nCI took 20 min.');
    expect(text.indexOf('auth one')).toBeLessThan(text.indexOf('pdf two'));
  });

  it('writes one summary row per bench and rewrites it rather than adding another table', () => {
    let text = summaryTable(replaceSection('', header('pdf'), 'x ✗\n'));
    text = summaryTable(replaceSection(text, { ...header('auth'), budgets: { met: 0, over: 2 } }, 'y\n'));
    expect(text.match(/<!-- summary -->/g)).toHaveLength(1);
    expect(text).toContain(
      '| [auth](#auth--npm-run-bench----auth) | 2026-11-28 10:00 UTC | 12 s | 0 within, **2 over** |',
    );
    expect(text).toContain(
      '| [pdf](#pdf--npm-run-bench----pdf) | 2026-11-28 10:00 UTC | 12 s | 1 within budget |',
    );
  });
});
