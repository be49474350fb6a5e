// Customer Sync (decision 155): what the organiser sends to connect Mailchimp or HubSpot and pick an audience,
// and what the Integrations tab reads back (connections, whether OAuth is offered, the recent log).
import { z } from 'zod';
import { noControlChars } from './text-rules.js';

export const CRM_PROVIDER_NAMES = ['mailchimp', 'hubspot'] as const;
export type CrmProviderName = (typeof CRM_PROVIDER_NAMES)[number];

export const CRM_MESSAGES = {
  keyRequired: 'Paste the key or token',
  keyBad: 'Remove the spaces and control characters from the key',
  mailchimpKey: 'A Mailchimp API key ends in its data centre, like 0123456789abcdef0123456789abcdef-us21',
  audienceRequired: 'Choose an audience',
  refused: 'The service refused these credentials. Check the key or token and try again.',
  unreachable: 'The service did not answer. Try again in a minute.',
  notConnected: 'Connect this service first',
  stateMismatch: 'This connection attempt was not started by you in this organisation, or it expired. Start again.',
} as const;

export const crmConnectKeySchema = z.object({
  key: z
    .string()
    .trim()
    .min(1, CRM_MESSAGES.keyRequired)
    .max(500)
    .refine((value) => noControlChars(value) && !/\s/.test(value), CRM_MESSAGES.keyBad),
});

export const crmAudienceSchema = z.object({
  audience_id: z.string().trim().min(1, CRM_MESSAGES.audienceRequired).max(100),
});

export const crmConnectionSchema = z.object({
  id: z.string(),
  provider: z.enum(CRM_PROVIDER_NAMES),
  auth_kind: z.enum(['oauth', 'key']),
  account_label: z.string(),
  audience_id: z.string().nullable(),
  audience_name: z.string().nullable(),
  status: z.enum(['connected', 'error']),
  last_sync_at: z.string().nullable(),
  last_error: z.string().nullable(),
  synced_customers: z.number().int(),
});
export type CrmConnection = z.infer<typeof crmConnectionSchema>;

export const crmLogEntrySchema = z.object({
  id: z.string(),
  provider: z.enum(CRM_PROVIDER_NAMES),
  at: z.string(),
  action: z.enum(['upsert', 'tag', 'withdraw', 'erase', 'connect', 'sync']),
  customer_id: z.string().nullable(),
  count: z.number().int(),
  status: z.enum(['ok', 'retry', 'failed']),
  message: z.string(),
});
export type CrmLogEntry = z.infer<typeof crmLogEntrySchema>;

export const crmOverviewSchema = z.object({
  connections: z.array(crmConnectionSchema),
  /** Which services connect through OAuth here (their app is configured); the others take a key. */
  oauth: z.object({ mailchimp: z.boolean(), hubspot: z.boolean() }),
  log: z.array(crmLogEntrySchema),
});
export type CrmOverview = z.infer<typeof crmOverviewSchema>;

export const crmAudiencesSchema = z.object({ audiences: z.array(z.object({ id: z.string(), name: z.string() })) });
