// Checkout questions endpoints (decision 130): the event's questions and attendee settings, and adding, editing,
// reordering and deleting questions. Every mutation writes the answer into the list's cache.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttendeeSettings, Question, QuestionInput, QuestionList } from '@marquee/shared';
import { apiRequest } from '../../../lib/api-client';

const base = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/questions`;

export const questionsQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['event-questions', eventId] as const,
    queryFn: ({ signal }) => apiRequest<QuestionList>(base(eventId), { signal }),
  });

/** POST when `questionId` is null, PUT otherwise. */
export function useSaveQuestion(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, body }: { questionId: string | null; body: QuestionInput }) =>
      questionId
        ? apiRequest<Question>(`${base(eventId)}/${encodeURIComponent(questionId)}`, { method: 'PUT', body })
        : apiRequest<Question>(base(eventId), { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionsQuery(eventId).queryKey }),
  });
}

export function useDeleteQuestion(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (questionId: string) =>
      apiRequest<void>(`${base(eventId)}/${encodeURIComponent(questionId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionsQuery(eventId).queryKey }),
  });
}

export function useReorderQuestions(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      apiRequest<QuestionList>(`${base(eventId)}/reorder`, { method: 'POST', body: { ids } }),
    onSuccess: (list) => queryClient.setQueryData(questionsQuery(eventId).queryKey, list),
  });
}

export function useSaveAttendeeSettings(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AttendeeSettings) =>
      apiRequest<QuestionList>(`/api/events/${encodeURIComponent(eventId)}/attendee-settings`, {
        method: 'PUT',
        body,
      }),
    onSuccess: (list) => queryClient.setQueryData(questionsQuery(eventId).queryKey, list),
  });
}
