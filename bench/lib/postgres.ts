// A fresh, empty database on a PostgreSQL server for one benchmark or ops run, dropped at the end.
import pg from 'pg';

export interface FreshDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Creates `<prefix>_<pid>_<time>` on the server at `serverUrl`; rejects when the server cannot be reached. */
export async function createFreshDatabase(serverUrl: string, prefix: string): Promise<FreshDatabase> {
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3_000 });
  await admin.connect();
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
