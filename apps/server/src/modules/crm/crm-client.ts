// A connection's CRM client (decision 155): its sealed credentials opened, a HubSpot OAuth token refreshed
// (and sealed again) when it is about to expire.
import type { Database } from '../../db/client.js';
import { createCrmClient, type CrmEndpoints } from '../../adapters/compose.js';
import type { CrmClient } from '../../adapters/crm/crm.js';
import { hubspotToken } from '../../adapters/crm/hubspot.js';
import { mailchimpKeyAuthorization } from '../../adapters/crm/mailchimp.js';
import type { CrmCredentials, CrmSecrets } from './crm-secrets.js';
import { updateConnection, type CrmConnectionRow } from './crm-store.js';

const REFRESH_MARGIN_MS = 60_000;

export interface CrmClientDeps {
  db: Database;
  secrets: CrmSecrets;
  endpoints: CrmEndpoints;
}

/** `keep` stores refreshed credentials (by default, sealed on the connection). */
export function clientFor(
  deps: CrmClientDeps,
  connection: CrmConnectionRow,
  keep: (credentials: CrmCredentials) => Promise<void> = (credentials) =>
    updateConnection(deps.db, connection, { credentials: deps.secrets.seal(credentials) }),
): CrmClient {
  const credentials = deps.secrets.open(connection.credentials);
  if (credentials.provider === 'mailchimp') {
    return createCrmClient(deps.endpoints, {
      provider: 'mailchimp',
      dc: credentials.dc,
      authorization:
        credentials.kind === 'key' ? mailchimpKeyAuthorization(credentials.key) : `Bearer ${credentials.accessToken}`,
      listId: connection.audienceId,
    });
  }
  let current = credentials;
  return createCrmClient(deps.endpoints, {
    provider: 'hubspot',
    accessToken: async () => {
      if (current.kind === 'key') return current.token;
      if (current.expiresAt - REFRESH_MARGIN_MS > Date.now()) return current.accessToken;
      const oauth = deps.endpoints.hubspotOAuth;
      if (!oauth) return current.accessToken;
      const tokens = await hubspotToken(oauth, { refreshToken: current.refreshToken });
      current = { provider: 'hubspot', kind: 'oauth', ...tokens };
      await keep(current);
      return current.accessToken;
    },
  });
}
