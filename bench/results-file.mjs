// bench/RESULTS.md as bench/run.mjs keeps it: an introduction, a summary table, one section per
// bench between `<!-- bench:name -->` markers (the latest run's output, replaced whole by the next
// run), in name order, then whatever follows the last section (figures measured by hand).

const SECTION = /<!-- bench:([a-z0-9-]+) -->\n[\s\S]*?<!-- \/bench:\1 -->\n?/g;
const SUMMARY = /<!-- summary -->\n[\s\S]*?<!-- \/summary -->\n?/;

const DEFAULT_INTRO = `# Benchmark results

The latest figures of each bench, written by \`npm run bench\` (every bench) or
\`npm run bench -- <name…>\` (those only): each section is what the bench printed in its latest run,
with the date, the machine and its load. Ratios are to a baseline measured in the same run; figures
of two sections ran on different days or machines and compare only through their ratios. Earlier
figures are in git (\`git log -p bench/RESULTS.md\`).

`;

/**
 * How many budget verdicts a bench's output gives: ✓ and PASS are met; ✗, FAIL and each item of an
 * 'OVER BUDGET:' line (items separated by ';') are over.
 */
export function budgetsOf(output) {
  let met = 0;
  let over = 0;
  for (const line of output.split('\n')) {
    met += (line.match(/✓/g) ?? []).length + (line.match(/\bPASS\b/g) ?? []).length;
    over += (line.match(/✗/g) ?? []).length + (line.match(/\bFAIL\b/g) ?? []).length;
    const overBudget = /OVER BUDGET:(.*)$/.exec(line);
    if (overBudget) over += overBudget[1].split(';').filter((s) => s.trim()).length;
  }
  return { met, over };
}

function budgetText({ met, over }) {
  if (met === 0 && over === 0) return 'no budget';
  if (over === 0) return `${met} within budget`;
  return `${met} within, **${over} over**`;
}

function sectionText(header, output) {
  const body = output.replace(/\s+$/, '');
  return `<!-- bench:${header.name} -->
## ${header.name} — \`npm run bench -- ${header.name}\`
${header.when} · ${header.machine} · ${header.load} · took ${header.took} · ${budgetText(header.budgets)}

${body}

<!-- /bench:${header.name} -->
`;
}

/** The file's sections by bench name, and what comes before and after them. */
export function parseResults(text) {
  const sections = new Map();
  let first = -1;
  let end = 0;
  for (const m of text.matchAll(SECTION)) {
    if (first < 0) first = m.index;
    sections.set(m[1], m[0].endsWith('\n') ? m[0] : `${m[0]}\n`);
    end = m.index + m[0].length;
  }
  const intro = (first < 0 ? text : text.slice(0, first)).replace(SUMMARY, '');
  const rest = first < 0 ? '' : text.slice(end);
  return { intro: intro.trim() ? intro : DEFAULT_INTRO, sections, rest };
}

/** The file from its parts: introduction, optional summary table, sections in name order, the rest. */
function assemble({ intro, sections, rest }, table = '') {
  const ordered = [...sections.keys()].sort().map((k) => sections.get(k));
  return `${intro.replace(/\n*$/, '\n\n')}${table}${ordered.join('\n')}${rest ? `\n${rest.replace(/^\n+/, '')}` : ''}`;
}

/** The file with `header.name`'s section replaced (or added) by this run's output. */
export function replaceSection(text, header, output) {
  const parts = parseResults(text);
  parts.sections.set(header.name, sectionText(header, output));
  return assemble(parts);
}

/** The file with its summary table (one row per section) rewritten after the introduction. */
export function summaryTable(text) {
  const { intro, sections, rest } = parseResults(text);
  const rows = [...sections.keys()].sort().map((name) => {
    const line = sections.get(name).split('\n')[2] ?? '';
    const [when = '', , , tookPart = '', budget = ''] = line.split(' · ');
    return `| [${name}](#${name}--npm-run-bench----${name}) | ${when} | ${tookPart.replace(/^took /, '')} | ${budget} |`;
  });
  const table = `<!-- summary -->
| bench | latest run | took | budgets |
|---|---|---|---|
${rows.join('\n')}
<!-- /summary -->
`;
  return assemble({ intro, sections, rest }, `${table}\n`);
}
