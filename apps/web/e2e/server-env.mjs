// The environment of the server the browser tests run against (the production build, as `npm start` runs it),
// shared by playwright.config.ts (when Playwright starts the server itself) and scripts/e2e-lane.mjs (which starts
// one server per runner and runs spec files against it).

/** @param {number} port @param {string} dataDir @returns {Record<string, string>} */
export function e2eServerEnv(port, dataDir) {
  return {
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: 'localhost',
    DATA_DIR: dataDir,
    PUBLIC_HOST: `localhost:${port}`,
    LOG_LEVEL: 'warn',
    // Browser tests sign up many organisers from one address; the spec's auth limits stay on, just wider.
    RATE_LIMIT_MULTIPLIER: '50',
    // Checkout holds last 40 s instead of 15 minutes, so the expired-hold journey can run.
    CHECKOUT_HOLD_SECONDS: '40',
    // Custom-domain checks ask a DNS server that the domain tests run on loopback (e2e/support/fake-dns).
    DNS_SERVERS: `127.0.0.1:${port + 2000}`,
    // Customer Sync's services: the fake Mailchimp and HubSpot the integrations journey runs on loopback.
    MAILCHIMP_API_URL: `http://127.0.0.1:${port + 2100}`,
    HUBSPOT_API_URL: `http://127.0.0.1:${port + 2200}`,
    // The waiting room's proof-of-work is lighter, so a browser test joins a queue in well under a second.
    QUEUE_POW_BITS: '10',
  };
}
