/**
 * Why the engine refused an input. The engine knows nothing about HTTP: the trading service maps
 * each code to a catalogue code (e.g. `unreasonable_price` → the specification's unreasonable-price
 * message, `insufficient_margin` → "balance insufficient") and names `field` in the answer.
 */
export type EngineErrorCode =
  /** An instrument specification that cannot be traded (zero tick, min above max, ...). */
  | 'invalid_spec'
  /** Not a plain non-negative decimal string ("1e3", "+1", ".5", "1.", " 1"). */
  | 'invalid_decimal'
  /** A price that is not a whole number of ticks. */
  | 'off_tick_grid'
  /** A quantity that is not a whole number of lot steps. */
  | 'off_lot_grid'
  | 'lots_below_min'
  | 'lots_above_max'
  /** Leverage outside 1..maxLeverage, or not an integer. */
  | 'invalid_leverage'
  /** Stop loss / take profit / pending entry on the wrong side of the reference price (or equal to it). */
  | 'unreasonable_price'
  /** Free margin below required margin + fee. */
  | 'insufficient_margin'
  /** A bid above the ask, or a non-positive price. */
  | 'invalid_quote'
  /** A close of zero lots or of more lots than are open; a stop-out level outside [0, 1). */
  | 'invalid_quantity'
  | 'invalid_level'
  /** A trigger id already registered in this index, or not a safe integer. */
  | 'duplicate_id'
  | 'invalid_id';

export class EngineError extends Error {
  readonly code: EngineErrorCode;
  /** The request field to name in the answer (`price`, `lots`, `leverage`, `stopLoss`, ...). */
  readonly field: string | undefined;

  constructor(code: EngineErrorCode, message: string, field?: string) {
    super(message);
    this.name = 'EngineError';
    this.code = code;
    this.field = field;
  }
}

export const isEngineError = (e: unknown): e is EngineError => e instanceof EngineError;
