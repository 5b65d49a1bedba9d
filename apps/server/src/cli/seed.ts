import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { seedBulkDeals } from '../db/seed/deals';
import { DEMO_LOGIN, seedDemoIfEmpty } from '../db/seed/demo';
import { seedBulkQuotes } from '../db/seed/quotes';
import { fail, withCliServices } from './cli-database';

const { values } = parseArgs({ options: { size: { type: 'string' } } });
const size = values.size === undefined ? 0 : Number(values.size);
if (!Number.isInteger(size) || size < 0)
  fail('Usage: npm run seed -- [--size N]  (N extra deals in the demo account)');

await withCliServices(async ({ db, config }) => {
  const filesRoot = path.join(config.dataDir, 'files');
  console.log(
    (await seedDemoIfEmpty(db, { filesRoot }))
      ? 'Seeded the demo account (demo / demo1234)'
      : 'Demo account already present',
  );
  if (size === 0) return;
  const { rows } = await db.execute<{ account_id: number }>(
    sql`SELECT account_id FROM users WHERE lower(username) = ${DEMO_LOGIN.username}`,
  );
  const accountId = rows[0]?.account_id;
  if (!accountId) fail('The demo account is missing');
  const started = Date.now();
  const made = await seedBulkDeals(db, accountId, size);
  const quotes = await seedBulkQuotes(db, accountId);
  console.log(
    `Created ${made} deals and ${quotes} quotes in the demo account's first workflow in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
});
