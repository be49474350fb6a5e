// Messages to ticket holders (decision 154): the preview (the rendered e-mail and how many would get it), the
// test send to the signed-in organiser, the send (with a client key per click, so a double click sends one
// message) and the event's history, polled while a message is still going out.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HolderMessage, HolderMessageDraft, HolderMessageList, HolderMessagePreview } from '@marquee/shared';
import { apiRequest } from '../../../lib/api-client';

const base = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/messages`;
export const messagesKey = (eventId: string) => ['events', eventId, 'messages'] as const;

export const messagesQuery = (eventId: string) =>
  queryOptions({
    queryKey: messagesKey(eventId),
    queryFn: ({ signal }) => apiRequest<HolderMessageList>(base(eventId), { signal }),
    refetchInterval: (query) =>
      query.state.data?.messages.some((message) => message.status !== 'sent') ? 2000 : false,
  });

export const previewMessage = (eventId: string, draft: HolderMessageDraft) =>
  apiRequest<HolderMessagePreview>(`${base(eventId)}/preview`, { method: 'POST', body: draft });

export function useTestMessage(eventId: string) {
  return useMutation({
    mutationFn: (draft: HolderMessageDraft) =>
      apiRequest<{ sent_to: string }>(`${base(eventId)}/test`, { method: 'POST', body: draft }),
  });
}

export function useSendMessage(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HolderMessageDraft & { client_key: string }) =>
      apiRequest<HolderMessage>(base(eventId), { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesKey(eventId) }),
  });
}
