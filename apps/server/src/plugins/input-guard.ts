// One check for every route: no C0 control character (other than tab, CR, LF) or DEL in any string of the
// parsed body, query or path parameters. PostgreSQL refuses NUL, and none belongs in a form field.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { controlCharacterError } from '../lib/control-characters.js';
import { AppError } from '../lib/errors.js';

export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', (request, _reply, done) => {
    const field = controlCharacterError([
      { where: 'params', value: request.params },
      { where: 'querystring', value: request.query },
      { where: 'body', value: request.body },
    ]);
    done(
      field ? new AppError('VALIDATION_ERROR', `Invalid request: ${field.path}: ${field.message}`, [field]) : undefined,
    );
  });
});
