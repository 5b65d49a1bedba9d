// The import boundaries of .dependency-cruiser.cjs (decision 009), run as `npm run boundaries` runs
// them, on small trees laid out like the repository: one breaks every rule once, one keeps them all.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = path.join(root, '.dependency-cruiser.cjs');
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'slat-boundaries-'));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

type Violation = { rule: { name: string }; from: string; to: string };

function cruise(name: string, files: Record<string, string>) {
  const dir = path.join(temp, name);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  const depcruise = (...args: string[]) =>
    spawnSync(
      path.join(root, 'node_modules/.bin/depcruise'),
      ['apps', 'packages', '--config', config, ...args],
      {
        cwd: dir,
        encoding: 'utf8',
      },
    );
  // The exit status as `npm run boundaries` sees it (the default `err` output), the details as JSON.
  const { status } = depcruise();
  const violations: Violation[] = JSON.parse(depcruise('--output-type', 'json').stdout).summary.violations;
  return { status, found: violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort() };
}

const leaf = 'export const value = 1;\n';
const uses = (...specifiers: string[]) =>
  `${specifiers.map((s, i) => `import { value as v${i} } from '${s}';`).join('\n')}\nexport const value = 0;\n`;
const shared = {
  'apps/web/src/features/b/components/x.ts': leaf,
  'apps/web/src/features/b/index.ts': "export { value } from './components/x';\n",
  'apps/web/src/lib/util.ts': leaf,
  'apps/server/src/modules/b/b.service.ts': leaf,
  'apps/server/src/modules/b/index.ts': "export { value } from './b.service';\n",
  'packages/domain/src/rule.ts': leaf,
  'packages/domain/src/index.ts': "export { value } from './rule';\n",
};

// Each case runs dependency-cruiser as a process (a few seconds, more on a busy 2-core machine).
describe('import boundaries (dependency-cruiser)', () => {
  it('fails each rule once on a tree that breaks it', () => {
    const { status, found } = cruise('broken', {
      ...shared,
      'apps/web/src/features/a/page.ts': uses('../b/components/x'),
      'apps/web/src/components/card.ts': uses('../features/b'),
      'apps/server/src/modules/a/a.routes.ts': uses('../b/b.service'),
      'apps/server/src/plugins/guard.ts': uses('../modules/b'),
      'apps/server/src/db/seed/demo.ts': uses('../../modules/b/b.service'),
      'packages/domain/src/leak.ts': uses('../../../apps/web/src/lib/util'),
      'packages/contracts/src/deal.ts': uses('../../domain/src/rule'),
      'apps/server/src/lib/one.ts': uses('./two'),
      'apps/server/src/lib/two.ts': uses('./one'),
    });
    expect(status).not.toBe(0);
    expect(found).toEqual(
      [
        'web-features-through-index: apps/web/src/features/a/page.ts → apps/web/src/features/b/components/x.ts',
        'web-shared-code-not-features: apps/web/src/components/card.ts → apps/web/src/features/b/index.ts',
        'server-modules-through-index: apps/server/src/modules/a/a.routes.ts → apps/server/src/modules/b/b.service.ts',
        'server-shared-code-not-modules: apps/server/src/plugins/guard.ts → apps/server/src/modules/b/index.ts',
        'server-seed-through-module-index: apps/server/src/db/seed/demo.ts → apps/server/src/modules/b/b.service.ts',
        'packages-not-apps: packages/domain/src/leak.ts → apps/web/src/lib/util.ts',
        'contracts-not-domain-internals: packages/contracts/src/deal.ts → packages/domain/src/rule.ts',
        'no-circular: apps/server/src/lib/one.ts → apps/server/src/lib/two.ts',
      ].sort(),
    );
  }, 60_000);

  it('passes a tree that goes through the doors: index files, own folders, tests, type-only cycles', () => {
    const { status, found } = cruise('clean', {
      ...shared,
      'apps/web/src/features/a/page.ts': uses('../b', '../b/index', './parts/own', '../../lib/util'),
      'apps/web/src/features/a/parts/own.ts': leaf,
      'apps/web/src/features/a/page.test.ts': uses('../b/components/x'),
      'apps/web/src/components/card.ts': uses('../lib/util'),
      'apps/server/src/modules/a/a.routes.ts': uses('../b', './a.service'),
      'apps/server/src/modules/a/a.service.ts': leaf,
      'apps/server/src/db/seed/demo.ts': uses('../../modules/b/index'),
      'packages/contracts/src/deal.ts': uses('../../domain/src/index'),
      'apps/server/src/lib/one.ts':
        "import type { Two } from './two';\nexport const one = (two: Two) => two;\n",
      'apps/server/src/lib/two.ts':
        "import { one } from './one';\nexport type Two = number;\nexport const two = one(2);\n",
    });
    expect(found).toEqual([]);
    expect(status).toBe(0);
  }, 60_000);
});
