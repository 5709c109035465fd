import { ErrorCode } from '@openbourse/contracts/errors.ts';

/**
 * A failure the client is told about: a catalogue code, optional message parameters, and for
 * validation failures the offending field. Thrown anywhere; the one error handler answers it.
 * `C` narrows the code to a module's own union (see `moduleErrors`).
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly code: C;
  readonly params: Record<string, string | number> | undefined;
  readonly field: string | undefined;
  readonly httpStatus: number;

  constructor(
    code: C,
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

export const invalidField = (field: string, code: ErrorCode = ErrorCode.InvalidField) =>
  new AppError(code, { field, params: { field } });

export type AppErrorOptions = ConstructorParameters<typeof AppError>[1];

/**
 * A module's error factory, limited to the codes the module answers: `moduleErrors<TradingErrorCode>()`
 * refuses (at compile time) any code outside that union, so each module's README list and its
 * code stay one list.
 */
export const moduleErrors =
  <C extends ErrorCode>() =>
  (code: C, opts?: AppErrorOptions): AppError<C> =>
    new AppError<C>(code, opts);

export const unauthorized = () => new AppError(ErrorCode.Unauthorized);
