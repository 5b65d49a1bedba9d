import { parseArgs } from 'node:util';
import { seedDemoIfEmpty } from '../db/seed/demo';
import { createDealerAccount } from '../modules/accounts/accounts.service';
import { fail, withCliDatabase } from './cli-database';

const { values } = parseArgs({ options: { size: { type: 'string' } } });
const size = values.size === undefined ? 0 : Number(values.size);
if (!Number.isInteger(size) || size < 0) fail('Usage: npm run seed -- [--size N]  (N extra dealer accounts)');

await withCliDatabase(async (db) => {
  console.log(
    (await seedDemoIfEmpty(db))
      ? 'Seeded the demo account (demo / demo1234)'
      : 'Demo account already present',
  );
  const stamp = Date.now().toString(36);
  for (let i = 0; i < size; i++) {
    await createDealerAccount(db, {
      username: `dealer-${stamp}-${i}`,
      password: 'dealer1234',
      company: `Dealer ${i + 1}`,
      country: i % 2 ? 'NZ' : 'AU',
      email: `dealer-${stamp}-${i}@example.test`,
    });
  }
  if (size) console.log(`Created ${size} extra dealer accounts (password dealer1234)`);
});
