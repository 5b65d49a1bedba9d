import { parseArgs } from 'node:util';
import { AccountError, createDealerAccount } from '../modules/accounts/index';
import { fail, withCliServices } from './cli-database';

const usage = `Usage: npm run account -- create --username U --password P --company "Name" --country AU
                                  [--first-name F] [--last-name L] [--email E] [--address "…"]`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    username: { type: 'string' },
    password: { type: 'string' },
    company: { type: 'string' },
    country: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    email: { type: 'string' },
    address: { type: 'string' },
  },
});

if (positionals[0] !== 'create') fail(usage);
const { username, password, company, country } = values;
if (!username || !password || !company || !country) fail(`Missing an option.\n${usage}`);

await withCliServices(async ({ db }) => {
  try {
    const created = await createDealerAccount(db, {
      username,
      password,
      company,
      country,
      firstName: values['first-name'],
      lastName: values['last-name'],
      email: values.email,
      address: values.address,
    });
    console.log(
      `Created dealer account ${created.accountId} (company ${created.companyId}, user ${created.userId})`,
    );
    console.log(created.accountId);
  } catch (error) {
    if (error instanceof AccountError) fail(error.message);
    throw error;
  }
});
