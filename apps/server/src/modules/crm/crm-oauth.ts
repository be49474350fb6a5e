// Customer Sync's OAuth (decision 155): the consent page's address with a signed state bound to the
// organisation, the user and the service, and the callback's exchange of the code for tokens. A state that
// was not signed here, has expired or names another organisation, user or service is refused.
import { randomBytes } from 'node:crypto';
import { CRM_MESSAGES } from '@marquee/shared';
import type { CrmProvider } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { hubspotAuthorizeUrl, hubspotToken } from '../../adapters/crm/hubspot.js';
import { mailchimpAuthorizeUrl, mailchimpExchangeCode } from '../../adapters/crm/mailchimp.js';
import type { CrmClientDeps } from './crm-client.js';
import { OAUTH_STATE_TTL_MS, type CrmCredentials } from './crm-secrets.js';
import { connectError, saveConnection } from './crm.service.js';

export const callbackPath = (provider: CrmProvider) => `/api/integrations/crm/${provider}/oauth/callback`;
export const RETURN_PATH = '/dashboard/profile?tab=integrations';

const notSetUp = () => new AppError('BAD_REQUEST', 'OAuth is not set up for this service here: paste a key instead');

export function authorizeUrl(
  deps: CrmClientDeps,
  appUrl: string,
  scope: { organizationId: string; userId: string; provider: CrmProvider },
): string {
  const state = deps.secrets.signState({
    ...scope,
    expiresAt: Date.now() + OAUTH_STATE_TTL_MS,
    nonce: randomBytes(12).toString('base64url'),
  });
  const redirectUri = `${appUrl}${callbackPath(scope.provider)}`;
  if (scope.provider === 'mailchimp') {
    const oauth = deps.endpoints.mailchimpOAuth;
    if (!oauth) throw notSetUp();
    return mailchimpAuthorizeUrl(oauth, redirectUri, state);
  }
  const oauth = deps.endpoints.hubspotOAuth;
  if (!oauth) throw notSetUp();
  return hubspotAuthorizeUrl(oauth, redirectUri, state);
}

export async function completeOAuth(
  deps: CrmClientDeps,
  appUrl: string,
  scope: { organizationId: string; userId: string; provider: CrmProvider },
  input: { code: string; state: string },
) {
  const state = deps.secrets.readState(input.state);
  if (
    !state ||
    state.organizationId !== scope.organizationId ||
    state.userId !== scope.userId ||
    state.provider !== scope.provider
  )
    throw new AppError('FORBIDDEN', CRM_MESSAGES.stateMismatch);
  const redirectUri = `${appUrl}${callbackPath(scope.provider)}`;
  let credentials: CrmCredentials;
  let accountName: string | undefined;
  try {
    if (scope.provider === 'mailchimp') {
      const oauth = deps.endpoints.mailchimpOAuth;
      if (!oauth) throw notSetUp();
      const token = await mailchimpExchangeCode(oauth, redirectUri, input.code);
      credentials = { provider: 'mailchimp', kind: 'oauth', accessToken: token.accessToken, dc: token.dc };
      accountName = token.accountName;
    } else {
      const oauth = deps.endpoints.hubspotOAuth;
      if (!oauth) throw notSetUp();
      credentials = {
        provider: 'hubspot',
        kind: 'oauth',
        ...(await hubspotToken(oauth, { code: input.code, redirectUri })),
      };
    }
  } catch (error) {
    throw connectError(error);
  }
  return saveConnection(deps, scope.organizationId, credentials, accountName);
}
