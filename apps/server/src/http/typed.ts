import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { AppError } from './errors.ts';
import type { RateLimiter } from '../lib/rate-limit.ts';

export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

export type TypedApp = ReturnType<typeof typed>;

export function limit(limiter: RateLimiter, key: string) {
  if (!limiter.hit(key)) throw new AppError(ErrorCode.TooManyRequests);
}

/** OpenAPI security requirement for routes that need the session token. */
export const BEARER = [{ token: [] }];
