import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { errorMessage } from '@openbourse/locales/server.ts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';

/** A zod issue message of the form `E10002` names the catalogue code for that field. */
const CODE_MESSAGE = /^E(\d{3,5})$/;

export function send(req: FastifyRequest, reply: FastifyReply, err: AppError) {
  const params = err.field ? { field: err.field, ...err.params } : err.params;
  return reply.status(err.httpStatus).send({
    code: err.code,
    msg: errorMessage(req.lang ?? 'en', err.code, params),
    ...(err.field ? { field: err.field } : {}),
    result: null,
  });
}

export function toAppError(error: FastifyError | Error): AppError | null {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0];
    const field =
      issue?.instancePath.replace(/^\//, '').replace(/\//g, '.') || (error as FastifyError).validationContext || 'body';
    const m = issue?.message ? CODE_MESSAGE.exec(issue.message) : null;
    return new AppError(m?.[1] ? Number(m[1]) : ErrorCode.InvalidField, { field, params: { field } });
  }
  const code = (error as FastifyError).code;
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(ErrorCode.PayloadTooLarge);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError(ErrorCode.InvalidField, { field: 'body', params: { field: 'body' } });
    default:
      break;
  }
  if ((error as FastifyError).statusCode === 400) {
    // malformed JSON and other parse failures from Fastify itself
    return new AppError(ErrorCode.InvalidField, { field: 'body', params: { field: 'body' } });
  }
  return null;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error, req, reply) => {
    const known = toAppError(error as FastifyError);
    if (known) return send(req, reply, known);
    req.log.error({ err: error, url: req.url, method: req.method }, 'unhandled error');
    return send(req, reply, new AppError(ErrorCode.Internal));
  });
}
