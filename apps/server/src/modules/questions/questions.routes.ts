// Checkout questions API: an organiser's event's questions (list, add, edit, reorder, delete) and its attendee
// settings (names on tickets, the fans' correction deadline). Routes parse, authorise and call the service.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attendeeSettingsSchema,
  questionInputSchema,
  questionListSchema,
  questionSchema,
  reorderQuestionsSchema,
} from '@marquee/shared';
import { requireOrganization } from '../auth/auth.guard.js';
import {
  createQuestion,
  deleteQuestion,
  listQuestions,
  reorderQuestions,
  saveAttendeeSettings,
  updateQuestion,
} from './questions.service.js';

const eventParams = z.object({ id: z.string().max(64) });
const questionParams = z.object({ id: z.string().max(64), questionId: z.string().max(64) });

export function questionRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  api.get(
    '/api/events/:id/questions',
    { schema: { params: eventParams, response: { 200: questionListSchema } } },
    async (request) => {
      const { organizationId } = await requireOrganization(request);
      return listQuestions(db, organizationId, request.params.id);
    },
  );

  api.post(
    '/api/events/:id/questions',
    { schema: { params: eventParams, body: questionInputSchema, response: { 201: questionSchema } } },
    async (request, reply) => {
      const { organizationId } = await requireOrganization(request);
      return reply.status(201).send(await createQuestion(db, organizationId, request.params.id, request.body));
    },
  );

  api.put(
    '/api/events/:id/questions/:questionId',
    { schema: { params: questionParams, body: questionInputSchema, response: { 200: questionSchema } } },
    async (request) => {
      const { organizationId } = await requireOrganization(request);
      return updateQuestion(db, organizationId, request.params.id, request.params.questionId, request.body);
    },
  );

  api.delete(
    '/api/events/:id/questions/:questionId',
    { schema: { params: questionParams } },
    async (request, reply) => {
      const { organizationId } = await requireOrganization(request);
      await deleteQuestion(db, organizationId, request.params.id, request.params.questionId);
      return reply.status(204).send();
    },
  );

  api.post(
    '/api/events/:id/questions/reorder',
    { schema: { params: eventParams, body: reorderQuestionsSchema, response: { 200: questionListSchema } } },
    async (request) => {
      const { organizationId } = await requireOrganization(request);
      return reorderQuestions(db, organizationId, request.params.id, request.body.ids);
    },
  );

  api.put(
    '/api/events/:id/attendee-settings',
    { schema: { params: eventParams, body: attendeeSettingsSchema, response: { 200: questionListSchema } } },
    async (request) => {
      const { organizationId } = await requireOrganization(request);
      return saveAttendeeSettings(db, organizationId, request.params.id, request.body);
    },
  );
}
