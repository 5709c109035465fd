import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { describe, expect, it } from 'vitest';
import type { MarketErrorCode } from '../../modules/market/market.errors.ts';
import { tradingErrors, type TradingErrorCode } from '../../modules/trading/trading.errors.ts';
import { AppError, moduleErrors } from '../errors.ts';

describe('module error factories', () => {
  it('create only the codes of their module (checked by the compiler)', () => {
    const trading = moduleErrors<TradingErrorCode>();
    expect(trading(ErrorCode.PositionNotOpen).code).toBe(40013);
    // @ts-expect-error: a code the trading module does not answer
    trading(ErrorCode.EmailExists);
    const market = moduleErrors<MarketErrorCode>();
    // @ts-expect-error: a trading code is not a market code
    market(ErrorCode.ClientOrderIdReused);
    // A module's named refusals carry their narrowed code.
    const e: AppError<TradingErrorCode> = tradingErrors.notOpen();
    expect(e).toBeInstanceOf(AppError);
  });
});
