import { readFile } from 'node:fs/promises';
import { parseCatalogFile } from '@slat/contracts';
import { CatalogImportError, formatImportSummary, importCatalog } from '../modules/catalog/index';
import { fail, withCliServices } from './cli-database';

const usage = 'Usage: npm run catalog:import -- <file.json>   (format: docs/catalog-format.md)';

const [filePath, ...rest] = process.argv.slice(2);
if (!filePath || rest.length > 0 || filePath.startsWith('-')) fail(usage);

function reject(lines: string[]): never {
  for (const line of lines) console.error(`${filePath}: ${line}`);
  console.error('Nothing was imported.');
  process.exit(1);
}

let text: string;
try {
  text = await readFile(filePath, 'utf8');
} catch (error) {
  reject([`cannot read the file (${(error as NodeJS.ErrnoException).code ?? String(error)})`]);
}
let json: unknown;
try {
  json = JSON.parse(text);
} catch (error) {
  reject([`not valid JSON: ${(error as Error).message}`]);
}
// Checked before the database is opened, so a bad file costs nothing.
const parsed = parseCatalogFile(json);
if (!parsed.ok) reject(parsed.errors);

let failed: string[] | undefined;
await withCliServices(async ({ db }) => {
  try {
    for (const line of formatImportSummary(await importCatalog(db, json))) console.log(line);
  } catch (error) {
    if (!(error instanceof CatalogImportError)) throw error;
    failed = error.errors;
  }
});
if (failed) reject(failed);
