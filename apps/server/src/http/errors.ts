import { ErrorCode } from '@openbourse/contracts/errors.ts';

/**
 * A failure the client is told about: a catalogue code, optional message parameters, and for
 * validation failures the offending field. Thrown anywhere; the one error handler answers it.
 */
export class AppError extends Error {
  readonly code: number;
  readonly params: Record<string, string | number> | undefined;
  readonly field: string | undefined;
  readonly httpStatus: number;

  constructor(
    code: number,
    opts: { params?: Record<string, string | number>; field?: string; httpStatus?: number; cause?: unknown } = {},
  ) {
    super(`AppError ${code}${opts.field ? ` (${opts.field})` : ''}`, { cause: opts.cause });
    this.name = 'AppError';
    this.code = code;
    this.params = opts.params;
    this.field = opts.field;
    this.httpStatus = opts.httpStatus ?? (code === ErrorCode.Unauthorized ? 401 : 200);
  }
}

export const invalidField = (field: string, code: number = ErrorCode.InvalidField) =>
  new AppError(code, { field, params: { field } });

export const unauthorized = () => new AppError(ErrorCode.Unauthorized);
