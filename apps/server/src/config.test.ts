import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('runs with no configuration at all on the embedded defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.publicHost).toBe('localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.databasePoolSize).toBe(10);
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('takes a PostgreSQL pool size from 1 to 200 connections per process', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '25' }).databasePoolSize).toBe(25);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('reports every bad key at once', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('SMTP_URL');
    }
  });

  it('refuses to start in production without its secrets, naming each one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET: required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_URL: required in production/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(40),
        APP_URL: 'https://app.example.com',
        PUBLIC_HOST: 'example.com',
        STRIPE_SECRET_KEY: 'sk_live_x',
      }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it('refuses to run a production server on the payments sandbox unless told to, naming the opt-in', () => {
    const production = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(40),
      APP_URL: 'https://app.example.com',
      PUBLIC_HOST: 'example.com',
    };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(
      /STRIPE_SECRET_KEY: required in production.*PAYMENTS_SANDBOX_IN_PRODUCTION=yes/,
    );
    expect(() => loadConfig({ ...production, PAYMENTS_SANDBOX_IN_PRODUCTION: 'no' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ...production, PAYMENTS_SANDBOX_IN_PRODUCTION: 'maybe' })).toThrow(
      /PAYMENTS_SANDBOX_IN_PRODUCTION/,
    );
    const staging = loadConfig({ ...production, PAYMENTS_SANDBOX_IN_PRODUCTION: 'yes' });
    expect(staging.paymentsSandboxInProduction).toBe(true);
    const stripe = { ...production, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    // The PRO plan's platform endpoint has its own secret: without it a Stripe server refuses to start.
    expect(() => loadConfig(stripe)).toThrow(/STRIPE_BILLING_WEBHOOK_SECRET: required in production/);
    const live = loadConfig({ ...stripe, STRIPE_BILLING_WEBHOOK_SECRET: 'whsec_billing' });
    expect(live.paymentsSandboxInProduction).toBe(false);
    // Outside production the sandbox needs no opt-in.
    expect(loadConfig({}).paymentsSandboxInProduction).toBe(false);
  });

  it('reads no secret of its own: without AUTH_SECRET it leaves the secret to resolveAuthSecret', () => {
    expect(loadConfig({}).authSecret).toBeUndefined();
    expect(loadConfig({ AUTH_SECRET: 'y'.repeat(32) }).authSecret).toBe('y'.repeat(32));
  });

  it('wants paired credentials set together', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(
      /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together/,
    );
  });
});
