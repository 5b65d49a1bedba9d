// Every installed package must run on the oldest Node the root package.json admits: a dependency
// that declares a later Node (cookie 2 and content-disposition 3 said >=22) breaks the README's promise.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type LockPackage = { version?: string; engines?: Record<string, string> | string[] };
type Lock = { packages: Record<string, LockPackage> };

/** The package's Node range: lock files keep `engines` as an object, or as an array of "node <range>" for old packages. */
function nodeRange(engines: LockPackage['engines']): string | undefined {
  if (!engines) return undefined;
  if (Array.isArray(engines)) {
    const node = engines.find((e) => /^node\b/.test(e.trim()));
    return node?.trim().replace(/^node\s*/, '');
  }
  return engines.node;
}

/** "path@version needs range" for every locked package whose engines.node does not admit `minimum`. */
function enginesOffenders(lock: Lock, minimum: string): string[] {
  return Object.entries(lock.packages)
    .filter(([where]) => where !== '')
    .flatMap(([where, pkg]) => {
      const range = nodeRange(pkg.engines);
      if (range === undefined || range.trim() === '' || range.trim() === '*') return [];
      const admits = semver.validRange(range) !== null && semver.satisfies(minimum, range);
      return admits ? [] : [`${where}@${pkg.version ?? '?'} needs node ${range}`];
    });
}

describe('engines agree with the dependencies', () => {
  const rootPackage = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const minimum = semver.minVersion(rootPackage.engines.node)?.version ?? '';

  it('the root engines field names a Node minimum', () => {
    expect(minimum).toBe('20.19.0');
  });

  it('names a package that needs a later Node, and lets the others pass', () => {
    const lock: Lock = {
      packages: {
        '': { engines: { node: '>=20.19' } },
        'node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
        'node_modules/old': { version: '1.0.0', engines: ['node >= 0.8'] },
        'node_modules/plain': { version: '1.0.0' },
        'node_modules/fits': { version: '1.0.0', engines: { node: '^18 || ^20.19 || >=22' } },
      },
    };
    expect(enginesOffenders(lock, minimum)).toEqual(['node_modules/cookie@2.0.2 needs node >=22']);
  });

  // bench/tools is the web bench's own install (Lighthouse), run with the same Node
  it.each(['package-lock.json', 'bench/tools/package-lock.json'])(
    'every package in %s runs on the minimum',
    (file) => {
      const lock: Lock = JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
      expect(enginesOffenders(lock, minimum)).toEqual([]);
    },
  );
});
