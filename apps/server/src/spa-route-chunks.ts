import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Vite's build manifest (dist/.vite/manifest.json): each source module's file and static imports. */
type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean };
export type BuildManifest = Record<string, ManifestChunk>;

const SHELL = 'src/features/shell/components/app-shell-layout.tsx';
const BOARD = 'src/features/deals/routes/deal-pages.tsx';

/**
 * The lazy route modules a page's address needs (the SPA's routes, app/router.tsx), for the pages
 * a phone most often opens cold: the board, a deal or a quote over it, the dashboard. Others load
 * as before, when the app asks for them.
 */
const PAGE_MODULES: [RegExp, string[]][] = [
  [/^\/workflows\/[^/]+\/?$/, [SHELL, BOARD]],
  [/^\/workflows\/[^/]+\/\d+\/?$/, [SHELL, BOARD, 'src/features/deals/routes/deal-page.tsx']],
  [/^\/workflows\/[^/]+\/\d+\/quotes\/\d+\/?$/, [SHELL, BOARD, 'src/features/quotes/routes/quote-pages.tsx']],
  [/^\/dashboard\/?$/, [SHELL, 'src/features/dashboard/routes/dashboard-page.tsx']],
];

/** Every chunk a module needs, itself first, each once. */
function closure(manifest: BuildManifest, key: string, seen: Set<string>, out: string[]): void {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return;
  out.push(chunk.file);
  for (const next of chunk.imports ?? []) closure(manifest, next, seen, out);
}

/**
 * The modulepreload paths of the app's start (what the entry imports as it runs, in steps:
 * main.tsx) and of an address's route chunks, with what they import, minus what the document
 * already loads (the entry and its imports): fetched beside the entry rather than after it has run,
 * a round trip or two and the entry's run time sooner on a slow phone.
 */
export function routeChunkPreloads(manifest: BuildManifest, pathname: string): string[] {
  const modules = PAGE_MODULES.find(([pattern]) => pattern.test(pathname))?.[1] ?? [];
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const loaded = new Set<string>();
  if (entry) closure(manifest, entry, loaded, []);
  const files: string[] = [];
  for (const start of entry ? (manifest[entry]?.dynamicImports ?? []) : [])
    closure(manifest, start, loaded, files);
  for (const module of modules) {
    if (!manifest[module]) throw new Error(`the web build has no chunk for ${module}`);
    closure(manifest, module, loaded, files);
  }
  return files.map((f) => `/${f}`);
}

/** The SPA build's manifest, or undefined when the web app is not built (API tests). */
export function readBuildManifest(webDist: string | undefined): BuildManifest | undefined {
  const file = webDist ? path.join(webDist, '.vite', 'manifest.json') : undefined;
  return file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BuildManifest) : undefined;
}

/** The route modules each page pattern names: a test checks they exist in a real build. */
export const ROUTE_MODULES = [...new Set(PAGE_MODULES.flatMap(([, modules]) => modules))];
