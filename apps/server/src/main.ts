import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app';
import { buildCommit, openDatabase, webDistDir } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { withStartupLock } from './db/database';
import { DEMO_LOGIN } from './db/seed/demo';
import { pdfProcessEntry } from './lib/pdf/pdf-process';
import { createServices } from './services';
import { loadFirstScreenRenderer } from './spa-first-screen';

/** PDFs made in the PDF process beside the bundle (decision 017); SLAT_PDF_PROCESS=0 keeps them in this one. */
function withPdfProcess(localDatabase: boolean) {
  const entry = pdfProcessEntry();
  return entry && process.env.SLAT_PDF_PROCESS !== '0' ? { pdfProcess: { entry, localDatabase } } : {};
}

async function main(): Promise<void> {
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
  const log = pino({ level: config.logLevel });
  const started = Date.now();
  const opened = await openDatabase(
    config,
    { info: (m) => log.info(m) },
    { role: 'owner', seed: true, poolSize: 20 },
  );
  const ready = await (async () => {
    try {
      let commit = buildCommit(config);
      const running = await createServices({
        config,
        db: opened.database.db,
        databaseUrl: opened.url,
        log,
        role: 'server',
        serialize: (work) => withStartupLock(opened.database.pool, work),
        gitCommit: () => commit,
        ...withPdfProcess(opened.embedded !== undefined),
      });
      const { services } = running;
      const webDist = webDistDir();
      const renderFirstScreen = await loadFirstScreenRenderer(webDist);
      const app = await buildApp({
        services,
        webDist,
        ...(renderFirstScreen ? { renderFirstScreen } : {}),
        logger: log,
        ...(process.env.SLAT_TEST_HOOKS === '1'
          ? { testHooks: { setGitCommit: (c: string) => (commit = c) } }
          : {}),
      });

      const purge = setInterval(
        () => {
          void services.sessions.purgeExpired().catch((err) => log.warn({ err }, 'session purge failed'));
          void services.rateLimiter
            .purgeExpired()
            .catch((err) => log.warn({ err }, 'rate-limit purge failed'));
        },
        60 * 60 * 1000,
      );
      purge.unref();
      return { app, running };
    } catch (error) {
      await opened.close().catch(() => {});
      throw error;
    }
  })();
  const { app, running } = ready;
  const { mailer } = running;

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: finishing in-flight requests`);
    const force = setTimeout(() => {
      log.error('shutdown took over 30 s; exiting');
      process.exit(1);
    }, 30_000);
    try {
      await app.close();
      await running.stop();
      await opened.close();
      log.info('stopped cleanly');
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => {});
    await running.stop().catch(() => {});
    await opened.close().catch(() => {});
    throw error;
  }
  const where = config.databaseUrl
    ? 'the PostgreSQL server in DATABASE_URL'
    : `embedded PostgreSQL in ${config.dataDir}`;
  const lines = [
    '',
    `  Slat is running at ${config.publicUrl}  (started in ${((Date.now() - started) / 1000).toFixed(1)} s, data: ${where})`,
    `  Demo login: ${DEMO_LOGIN.username} / ${DEMO_LOGIN.password}${opened.seeded ? '  (demo data seeded just now)' : ''}`,
    `  Mail: ${mailer.mode === 'smtp' ? 'SMTP' : `outbox (${path.join(config.dataDir, 'outbox')})`}`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error('Slat failed to start:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
