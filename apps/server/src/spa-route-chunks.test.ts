import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type BuildManifest, ROUTE_MODULES, routeChunkPreloads } from './spa-route-chunks';

// A build's manifest in small: the entry with its own imports, and the lazy route modules.
const manifest: BuildManifest = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['src/app/bootstrap.ts', 'src/components/ui/theme.ts'],
  },
  'src/app/bootstrap.ts': { file: 'assets/bootstrap-1.js', imports: ['_ui.js', '_react.js'] },
  'src/components/ui/theme.ts': { file: 'assets/theme-1.js', imports: ['_ui.js'] },
  '_react.js': { file: 'assets/react-1.js' },
  '_ui.js': { file: 'assets/ui-1.js', imports: ['_react.js'] },
  '_dnd.js': { file: 'assets/dnd-1.js', imports: ['_react.js'] },
  '_deal-modal.js': { file: 'assets/deal-modal-1.js', imports: ['_ui.js', 'index.html'] },
  'src/features/shell/components/app-shell-layout.tsx': {
    file: 'assets/app-shell-layout-1.js',
    imports: ['_ui.js', 'index.html'],
  },
  'src/features/deals/routes/deal-pages.tsx': {
    file: 'assets/deal-pages-1.js',
    imports: ['_dnd.js', 'index.html'],
  },
  'src/features/deals/routes/deal-page.tsx': { file: 'assets/deal-page-1.js', imports: ['_deal-modal.js'] },
  'src/features/quotes/routes/quote-pages.tsx': { file: 'assets/quote-pages-1.js', imports: ['_dnd.js'] },
  'src/features/dashboard/routes/dashboard-page.tsx': { file: 'assets/dashboard-page-1.js' },
};

describe("a page's route chunks to preload", () => {
  it("are the app's start, then the route's modules and their imports, each once, without what the document already loads", () => {
    const start = ['/assets/bootstrap-1.js', '/assets/ui-1.js', '/assets/theme-1.js'];
    expect(routeChunkPreloads(manifest, '/workflows/residential')).toEqual([
      ...start,
      '/assets/app-shell-layout-1.js',
      '/assets/deal-pages-1.js',
      '/assets/dnd-1.js',
    ]);
    expect(routeChunkPreloads(manifest, '/workflows/residential/5')).toEqual([
      ...start,
      '/assets/app-shell-layout-1.js',
      '/assets/deal-pages-1.js',
      '/assets/dnd-1.js',
      '/assets/deal-page-1.js',
      '/assets/deal-modal-1.js',
    ]);
    expect(routeChunkPreloads(manifest, '/workflows/residential/5/quotes/2')).toEqual([
      ...start,
      '/assets/app-shell-layout-1.js',
      '/assets/deal-pages-1.js',
      '/assets/dnd-1.js',
      '/assets/quote-pages-1.js',
    ]);
    expect(routeChunkPreloads(manifest, '/dashboard')).toEqual([
      ...start,
      '/assets/app-shell-layout-1.js',
      '/assets/dashboard-page-1.js',
    ]);
  });

  it("are the app's start alone for other pages", () => {
    for (const path of ['/contacts', '/workflows/residential/5/quotes/2/products/new', '/orders/3', '/']) {
      expect(routeChunkPreloads(manifest, path), path).toEqual([
        '/assets/bootstrap-1.js',
        '/assets/ui-1.js',
        '/assets/theme-1.js',
      ]);
    }
  });

  it('name a route module the build lacks rather than preloading nothing in silence', () => {
    const { 'src/features/deals/routes/deal-page.tsx': _gone, ...without } = manifest;
    expect(() => routeChunkPreloads(without, '/workflows/residential/5')).toThrow(/deal-page\.tsx/);
  });

  it("name modules the web app has (a renamed route module fails here, not in a phone's load)", () => {
    const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');
    for (const module of ROUTE_MODULES) expect(existsSync(path.join(web, module)), module).toBe(true);
  });
});
