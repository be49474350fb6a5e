// The secret outside production when AUTH_SECRET is unset (decision 049): 32 random bytes made once per data
// directory and kept in DATA_DIR/secret (mode 0600), so sessions, ticket QR codes and signed links survive a
// restart and no two installations share a secret. Production always needs AUTH_SECRET (loadConfig says so).
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ConfigError, type Config, type LoadedConfig } from './config.js';

export const SECRET_FILE = 'secret';

function readSecret(file: string): string {
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) {
    throw new ConfigError([
      `${file}: holds no usable secret (fewer than 32 characters). Delete it to have a new one made (everyone ` +
        'signed in is signed out and earlier ticket QR codes stop scanning), or set AUTH_SECRET',
    ]);
  }
  return secret;
}

/**
 * The data directory's secret, made on first use. The file appears complete or not at all: the secret is
 * written to a temporary file that is then hard-linked into place, which fails when the file already exists, so
 * two processes starting together both end up with the one that got there first.
 */
export function dataDirSecret(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILE);
  try {
    return readSecret(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const descriptor = fs.openSync(temporary, 'wx', 0o600);
  try {
    fs.writeSync(descriptor, `${randomBytes(32).toString('hex')}\n`);
    fs.fsyncSync(descriptor);
  } finally {
    fs.closeSync(descriptor);
  }
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  return readSecret(file);
}

/** The configuration with its secret: AUTH_SECRET when set, otherwise the data directory's own. */
export function resolveAuthSecret(config: LoadedConfig): Config {
  if (config.authSecret) return { ...config, authSecret: config.authSecret };
  // loadConfig already refuses this; kept so a production server can never fall back to a file.
  if (config.isProduction) throw new ConfigError(['AUTH_SECRET: required in production']);
  return { ...config, authSecret: dataDirSecret(config.dataDir) };
}
