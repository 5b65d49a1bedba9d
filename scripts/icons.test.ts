// The generated icon module holds exactly the icons the web app imports, each as Tabler draws it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { iconModule, importedIcons, reactName } from './icons.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const generated = fs.readFileSync(
  path.join(root, 'apps/web/src/components/icons/tabler-icons.gen.ts'),
  'utf8',
);

describe('scripts/icons.mjs', () => {
  it('the generated module exports exactly the icons imported from components/icons, sorted', () => {
    const exported = [
      ...generated.matchAll(/^export const (Icon\w+) = \/\* @__PURE__ \*\/ createIcon\(/gm),
    ].map((m) => m[1]);
    const imported: string[] = importedIcons();
    expect(imported.length).toBeGreaterThan(40);
    expect(exported).toEqual(imported);
  });

  it('names icons as @tabler/icons-react does', () => {
    expect(reactName('arrows-sort')).toBe('IconArrowsSort');
    expect(reactName('a-b-2')).toBe('IconAB2');
    expect(reactName('file-type-pdf')).toBe('IconFileTypePdf');
  });

  it('writes each icon’s elements with React’s attribute names, and refuses a name Tabler does not have', () => {
    const outline = {
      'square-dot': [
        ['rect', { x: '3', y: '3', width: '18', height: '18', 'stroke-width': '1' }],
        ['path', { d: 'M12 12h.01' }],
      ],
    };
    const text: string = iconModule(['IconSquareDot'], {
      outline,
      license: 'MIT License\n\nCopyright (c) X',
    });
    expect(text).toContain('// MIT License\n//\n// Copyright (c) X\n');
    expect(text).toContain(
      `export const IconSquareDot = /* @__PURE__ */ createIcon('square-dot', 'IconSquareDot', [["rect",{"x":"3","y":"3","width":"18","height":"18","strokeWidth":"1"}],["path",{"d":"M12 12h.01"}]]);`,
    );
    expect(() => iconModule(['IconNoSuch'], { outline, license: '' })).toThrow(/IconNoSuch/);
  });
});
