// The getting-started checklist (GET /api/dashboard/checklist), the 'link shared' mark and publishing the
// drafts that waited for payouts (POST /api/events/publish-drafts).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Checklist, LinkSharedInput, PublishDraftsResult } from '@marquee/shared';
import { apiRequest } from './api-client';

export const checklistQuery = queryOptions({
  queryKey: ['guidance', 'checklist'] as const,
  queryFn: ({ signal }) => apiRequest<Checklist>('/api/dashboard/checklist', { signal }),
});

/** Tells the server the organiser copied or opened the storefront link ('Share the link'). */
export function useRecordLinkShared() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LinkSharedInput) =>
      apiRequest<Checklist>('/api/dashboard/checklist/link-shared', { method: 'POST', body: input }),
    onSuccess: (checklist) => queryClient.setQueryData(checklistQuery.queryKey, checklist),
  });
}

export function usePublishDrafts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<PublishDraftsResult>('/api/events/publish-drafts', { method: 'POST' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: checklistQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: ['events'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
}
