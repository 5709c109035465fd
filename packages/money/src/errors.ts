/**
 * Why a decimal was refused. Callers map these to their own wire errors (the server answers
 * 40001 with the field named); the money package knows nothing about HTTP.
 */
export type MoneyErrorCode =
  /** Not a plain decimal: exponent, `+`, spaces, leading zeros, `.5`, `1.`, `-0`, NaN, too long. */
  | 'invalid_format'
  /** A `-` where the caller did not allow negatives. */
  | 'negative'
  /** Non-zero digits beyond the scale: representing the value would lose money. */
  | 'too_many_decimals'
  /** A scale that is not an integer in [0, MAX_SCALE]. */
  | 'invalid_scale'
  /** Narrowing without a rounding mode when the value is not exactly representable. */
  | 'inexact'
  | 'division_by_zero'
  /** The value does not fit the destination (e.g. numeric(38,18)). */
  | 'out_of_range';

export class MoneyError extends Error {
  readonly code: MoneyErrorCode;
  /** The offending input, when there was one (never logged as an amount of money: it is invalid). */
  readonly input: string | undefined;

  constructor(code: MoneyErrorCode, message: string, input?: string) {
    super(message);
    this.name = 'MoneyError';
    this.code = code;
    this.input = input;
  }
}

export const isMoneyError = (e: unknown): e is MoneyError => e instanceof MoneyError;
