// The API tests' stand-ins for the third parties of Integrations (decisions 152, 155), reused by the browser
// tests: a webhook receiver that verifies signatures with the Standard Webhooks library, and Mailchimp and HubSpot
// on the loopback ports the e2e server is told about (server-env.mjs).
export { startReceiver, type Receiver } from '../../../server/test/webhook-helpers';
export { startFakeMailchimp, FAKE_MAILCHIMP_KEY } from '../../../server/test/fake-mailchimp';
export { startFakeHubSpot, FAKE_HUBSPOT_TOKEN } from '../../../server/test/fake-hubspot';
