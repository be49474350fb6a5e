// Entry point: reads the configuration, opens the database, listens, and closes cleanly on SIGINT/SIGTERM.
import fs from 'node:fs';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { resolveAuthSecret } from './config-secret.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { serveBackups, type BackupServer } from './db/backup.js';
import { DataDirLockedError, lockDataDir, type DataDirLock } from './db/data-dir-lock.js';
import { startJobs, type JobRunner } from './jobs/runner.js';
import { jobHandlers } from './jobs-wiring.js';
import { proPrice } from './modules/plan/plan-price.js';
import { loggerOptions } from './lib/logging.js';

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

async function main() {
  // A .env file in the working directory is read when present; real environment variables win.
  if (fs.existsSync('.env')) {
    const fromFile = { ...process.env };
    process.loadEnvFile('.env');
    Object.assign(process.env, fromFile);
  }
  let config: Config;
  try {
    // Validation first, then the one step that may touch the disk: without AUTH_SECRET (never in production),
    // the data directory's own random secret, made on the first start.
    config = resolveAuthSecret(loadConfig());
  } catch (error) {
    if (error instanceof ConfigError)
      fail(`Marquee cannot start. ${error.message}\nSee .env.example for every variable.`);
    const reason = error instanceof Error ? error.message : String(error);
    fail(`Marquee cannot start: the secret in the data directory could not be read or made (${reason}).`);
  }

  let lock: DataDirLock | undefined;
  let backups: BackupServer | undefined;
  let database: DatabaseHandle;
  try {
    if (config.databaseUrl) {
      database = await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize });
    } else {
      lock = await lockDataDir(config.dataDir);
      database = await openDatabase({ kind: 'pglite', dataDir: `${config.dataDir}/pglite` });
      // `npm run backup` asks this process for a consistent copy while it runs.
      const pglite = database;
      backups = await serveBackups(config.dataDir, () => pglite.dumpDataDir!());
    }
  } catch (error) {
    lock?.release();
    if (error instanceof DataDirLockedError) fail(`Marquee cannot start. ${error.message}`);
    const reason = error instanceof Error ? error.message : String(error);
    fail(`Marquee cannot start: the database could not be opened (${reason}).`);
  }

  const app = await buildApp({
    config,
    database,
    // Request ids on every line; no query strings, bodies, headers, access tokens or e-mail addresses.
    logger: loggerOptions(config.logLevel),
  });
  if (config.paymentsSandboxInProduction) {
    app.log.warn(
      'PAYMENTS_SANDBOX_IN_PRODUCTION is set: this production server takes no real payments (payments sandbox); every page says so',
    );
  }

  // The durable job worker (checkout e-mails and refunds, hold expiry, archiving); several processes may run it.
  let jobs: JobRunner;
  try {
    jobs = await startJobs(
      app.jobs,
      jobHandlers({
        db: database.db,
        log: app.log,
        notifier: app.checkout.notifier,
        payments: app.payments,
        jobs: app.jobs,
        afterSale: app.afterSale,
        waitlist: app.waitlist,
        mailer: app.mailer,
        appUrl: config.appUrl,
        proPrice: proPrice(config),
        holderMessages: app.holderMessages,
        crmSync: app.crmSync,
      }),
      app.log,
      app.metrics,
      app.mailLane,
    );
  } catch (error) {
    await app.close();
    await database.close();
    lock?.release();
    const reason = error instanceof Error ? error.message : String(error);
    fail(`Marquee cannot start: the job queue could not be started (${reason}).`);
  }
  // Webhook delivery (decision 152): claims due deliveries from the database, so several processes may run it.
  app.webhooks.dispatcher.start();
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const forceExit = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    forceExit.unref();
    try {
      await jobs.stop();
      await app.webhooks.dispatcher.stop();
      await app.close();
      await backups?.close();
      await database.close();
    } finally {
      lock?.release();
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await jobs.stop();
    await database.close();
    lock?.release();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      fail(`Marquee cannot start: port ${config.port} is already in use. Set PORT to another port.`);
    throw error;
  }

  const storefrontExample = `${new URL(config.appUrl).protocol}//{subdomain}.${config.publicHost}`;
  const database_ = database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  process.stdout.write(
    [
      '',
      `  Marquee is running (${config.env})`,
      `  App and dashboard:  ${config.appUrl}`,
      `  API:                ${config.appUrl}/api/health`,
      `  Storefronts:        ${storefrontExample}`,
      `  Database:           ${database_}`,
      ...(config.isProduction
        ? []
        : [
            config.devMailboxOpen
              ? `  E-mail outbox:      ${config.appUrl}/dev/mailbox (open to every client: DEV_MAILBOX=open)`
              : `  E-mail outbox:      ${config.appUrl}/dev/mailbox (from this machine only)`,
          ]),
      '',
    ].join('\n') + '\n',
  );
}

void main();
