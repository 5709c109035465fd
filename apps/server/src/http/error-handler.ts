import { ErrorCode, isErrorCode } from '@openbourse/contracts/errors.ts';
import { errorMessage } from '@openbourse/locales/server.ts';
import { DrizzleQueryError } from 'drizzle-orm';
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
    // A schema names its code as "E<code>"; one the catalogue lacks would be a typo: 40001 then.
    const named = m?.[1] ? Number(m[1]) : Number.NaN;
    return new AppError(isErrorCode(named) ? named : ErrorCode.InvalidField, { field, params: { field } });
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

/** Fields of a database error that say what went wrong without carrying the request's data. */
const DB_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'routine'] as const;
const MAX_CAUSES = 4;

/**
 * An unexpected error as the log may hold it. Drizzle's DrizzleQueryError carries the SQL text and
 * its parameters (user data: names, addresses, amounts) in `query`, `params` and its message;
 * PGlite's errors carry them too; a driver's `detail` quotes the values of a violated key, and its
 * message may quote a value (`invalid input syntax for type integer: "…"`). So the log gets names,
 * messages with quoted values blanked, SQLSTATE codes, constraint names and stack frames.
 */
export function loggableError(error: unknown, depth = 0, underQuery = false): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const isQuery = error instanceof DrizzleQueryError;
  const out: Record<string, unknown> = {
    type: isQuery ? 'DrizzleQueryError' : error.name,
    // Drizzle's message is "Failed query: <sql>\nparams: <values>"; the driver's own is its cause.
    message: isQuery ? 'Failed query' : underQuery ? error.message.replace(/"[^"]*"/g, '"…"') : error.message,
  };
  for (const field of DB_FIELDS) {
    const v = (error as unknown as Record<string, unknown>)[field];
    if (typeof v === 'string' || typeof v === 'number') out[field] = v;
  }
  // Frames only: the stack's first lines repeat the message.
  const frames = error.stack?.split('\n').filter((line) => /^\s+at /.test(line));
  if (frames?.length) out.stack = frames.join('\n');
  if (error.cause !== undefined && depth < MAX_CAUSES) {
    out.cause = loggableError(error.cause, depth + 1, underQuery || isQuery);
  }
  return out;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error, req, reply) => {
    const known = toAppError(error as FastifyError);
    if (known) return send(req, reply, known);
    // Under `error`, not `err`: the logger's error serializer would rebuild it from the raw fields.
    // The route pattern, not the URL: path and query parameters can hold user data too.
    req.log.error(
      { error: loggableError(error), route: req.routeOptions.url ?? null, method: req.method },
      'unhandled error',
    );
    return send(req, reply, new AppError(ErrorCode.Internal));
  });
}
