import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { AppError } from './errors.ts';
import type { LimitRule, RateLimiter } from '../modules/limits/limits.service.ts';

export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

export type TypedApp = ReturnType<typeof typed>;

/** Counts a hit of `key` in the shared limiter; over the rule's limit → 42900. */
export async function limit(limiter: RateLimiter, key: string, rule: LimitRule) {
  if (!(await limiter.hit(key, rule)).allowed) throw new AppError(ErrorCode.TooManyRequests);
}

/** OpenAPI security requirement for routes that need the session token. */
export const BEARER = [{ token: [] }];
