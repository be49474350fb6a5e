// What the server tells every visitor about this installation: its storefront host and enabled options.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export interface PublicConfig {
  appUrl: string;
  publicHost: string;
  payments: 'stripe' | 'sandbox';
  socialProviders: { google: boolean; microsoft: boolean; linkedin: boolean };
}

export const publicConfigQuery = queryOptions({
  queryKey: ['public-config'],
  queryFn: () => apiRequest<PublicConfig>('/api/public-config'),
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}
