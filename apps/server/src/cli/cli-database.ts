import { type OpenedDatabase, openDatabase } from '../bootstrap';
import { ConfigError, loadConfig } from '../config';

/**
 * Command-line tools use the server's database: DATABASE_URL, or the embedded PostgreSQL in
 * DATA_DIR (joined when a server holds it, otherwise started for the command and stopped after).
 */
export async function withCliDatabase(
  work: (db: OpenedDatabase['database']['db']) => Promise<void>,
): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const opened = await openDatabase(
    config,
    { info: (m) => console.error(m) },
    { role: 'guest', seed: false, poolSize: 2 },
  );
  try {
    await work(opened.database.db);
  } finally {
    await opened.close();
  }
}

export function fail(message: string): never {
  console.error(message);
  process.exit(2);
}
