import { fail } from './cli-database';

// Replaced by the catalog feature: `npm run catalog:import -- <file.json>`.
fail('catalog:import is not implemented yet');
