import type { SuccessMessageCode } from '@openbourse/contracts/errors.ts';
import type { FastifyRequest } from 'fastify';
import { errorMessage } from '@openbourse/locales/server.ts';
import { z } from 'zod';

/** `{ code: 200, msg, result }`; a success the catalogue words (20001–20005) also carries msgCode. */
export function ok<T>(req: FastifyRequest, result: T, msgCode?: SuccessMessageCode) {
  return msgCode
    ? { code: 200, msg: errorMessage(req.lang, msgCode), msgCode, result }
    : { code: 200, msg: errorMessage(req.lang, 200), result };
}

/** The envelope's schema around a result schema, for serialisation and the OpenAPI document. */
export function envelope<T extends z.ZodType>(result: T) {
  return z.object({
    code: z.number().int().describe('200 on success, otherwise a catalogue code'),
    msg: z.string().describe("Text in the request's language"),
    msgCode: z.number().int().optional(),
    field: z.string().optional(),
    result: result.nullable(),
  });
}

export const ErrorEnvelope = z.object({
  code: z.number().int(),
  msg: z.string(),
  field: z.string().optional(),
  result: z.null(),
});
