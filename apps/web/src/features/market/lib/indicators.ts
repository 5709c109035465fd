import { BollingerBands, EMA, RSI, SMA } from 'trading-signals';

/**
 * Chart indicators, computed by trading-signals (a maintained technical-analysis library) over the
 * candles' closes. Chart drawing only: these numbers place lines, they never feed an amount.
 */
export const INDICATORS = ['ma', 'ema', 'boll', 'rsi'] as const;
export type Indicator = (typeof INDICATORS)[number];

/** The usual settings: MA 20, EMA 50, Bollinger 20 / 2σ, RSI 14 (Wilder). */
export const INDICATOR_SETTINGS = { ma: 20, ema: 50, boll: { period: 20, deviations: 2 }, rsi: 14 } as const;

export interface Point<T> {
  time: T;
  value: number;
}

export interface IndicatorSeries<T> {
  ma: Point<T>[];
  ema: Point<T>[];
  bollUpper: Point<T>[];
  bollMiddle: Point<T>[];
  bollLower: Point<T>[];
  rsi: Point<T>[];
}

/** A running set of indicators: `push` a new bar's close, `replace` the close of the bar still forming. */
export class IndicatorState<T> {
  private readonly ma = new SMA(INDICATOR_SETTINGS.ma);
  private readonly ema = new EMA(INDICATOR_SETTINGS.ema);
  private readonly boll = new BollingerBands(INDICATOR_SETTINGS.boll.period, INDICATOR_SETTINGS.boll.deviations);
  private readonly rsi = new RSI(INDICATOR_SETTINGS.rsi);
  /** Bars seen: an EMA is drawn once it has a period of history (before, it is mostly its seed). */
  private bars = 0;

  /** The indicators' values at `time` after this close, or null while one lacks history. */
  update(time: T, close: number, replace: boolean) {
    if (!replace || this.bars === 0) this.bars += 1;
    const ma = this.ma.update(close, replace);
    const emaValue = this.ema.update(close, replace);
    const ema = this.bars >= INDICATOR_SETTINGS.ema ? emaValue : null;
    const boll = this.boll.update(close, replace);
    const rsi = this.rsi.update(close, replace);
    return {
      ma: ma === null ? null : { time, value: ma },
      ema: ema === null ? null : { time, value: ema },
      boll:
        boll === null
          ? null
          : {
              upper: { time, value: boll.upper },
              middle: { time, value: boll.middle },
              lower: { time, value: boll.lower },
            },
      rsi: rsi === null ? null : { time, value: rsi },
    };
  }
}

/** Every indicator over whole bars (oldest first), and the running state to keep them live. */
export function computeIndicators<T>(bars: readonly { time: T; close: number }[]): {
  series: IndicatorSeries<T>;
  state: IndicatorState<T>;
} {
  const state = new IndicatorState<T>();
  const series: IndicatorSeries<T> = { ma: [], ema: [], bollUpper: [], bollMiddle: [], bollLower: [], rsi: [] };
  for (const bar of bars) {
    const v = state.update(bar.time, bar.close, false);
    if (v.ma) series.ma.push(v.ma);
    if (v.ema) series.ema.push(v.ema);
    if (v.boll) {
      series.bollUpper.push(v.boll.upper);
      series.bollMiddle.push(v.boll.middle);
      series.bollLower.push(v.boll.lower);
    }
    if (v.rsi) series.rsi.push(v.rsi);
  }
  return { series, state };
}
