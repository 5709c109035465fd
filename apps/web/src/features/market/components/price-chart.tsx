import type { Candle, KPeriod } from '@openbourse/contracts/market.ts';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { useLiveQuote } from '@/shared/lib/live-quotes';
import { PERIOD_MS } from '../lib/periods';

interface Bar {
  time: UTCTimestamp;
  open: number;
  high: number;
  low: number;
  close: number;
}

/** Chart drawing only: the numbers here place pixels, they never feed an amount shown or sent. */
const toBar = (c: Candle): Bar => ({
  time: (c.openTime / 1000) as UTCTimestamp,
  open: Number(c.open),
  high: Number(c.high),
  low: Number(c.low),
  close: Number(c.close),
});

/** The next state of the last candle after a live price at `ts` (a new candle when the period rolls over). */
export function nextLastBar(last: Bar | undefined, price: number, ts: number, period: KPeriod): Bar {
  const periodMs = PERIOD_MS[period];
  const time = ((Math.floor(ts / periodMs) * periodMs) / 1000) as UTCTimestamp;
  if (!last || time > last.time) return { time, open: price, high: price, low: price, close: price };
  return { ...last, high: Math.max(last.high, price), low: Math.min(last.low, price), close: price };
}

/** Candlesticks (lightweight-charts, loaded with this chunk only) with the last candle kept live. */
export default function PriceChart({
  candles,
  period,
  instrumentId,
  priceDecimals,
}: {
  candles: readonly Candle[];
  period: KPeriod;
  instrumentId: number;
  priceDecimals: number;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const lastRef = useRef<Bar | undefined>(undefined);
  const tick = useLiveQuote(instrumentId);
  const candlesRef = useRef(candles);
  candlesRef.current = candles;

  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const chart = createChart(el, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: '#a5b3c9',
        attributionLogo: false,
      },
      grid: { vertLines: { color: '#18243a' }, horzLines: { color: '#18243a' } },
      rightPriceScale: { borderColor: '#203049' },
      timeScale: { borderColor: '#203049', timeVisible: true, secondsVisible: false },
      crosshair: { mode: 0 },
    });
    const series = chart.addSeries(CandlestickSeries, {
      upColor: '#19c39c',
      downColor: '#f2546d',
      borderVisible: false,
      wickUpColor: '#19c39c',
      wickDownColor: '#f2546d',
      priceFormat: { type: 'price', precision: priceDecimals, minMove: 10 ** -priceDecimals },
    });
    chartRef.current = chart;
    seriesRef.current = series;
    const bars = candlesRef.current.map(toBar);
    series.setData(bars);
    lastRef.current = bars[bars.length - 1];
    return () => {
      chart.remove();
      chartRef.current = null;
      seriesRef.current = null;
    };
  }, [priceDecimals]);

  useEffect(() => {
    const bars = candles.map(toBar);
    seriesRef.current?.setData(bars);
    lastRef.current = bars[bars.length - 1];
    chartRef.current?.timeScale().scrollToRealTime();
  }, [candles]);

  useEffect(() => {
    if (!tick || !seriesRef.current) return;
    const price = Number(tick.last);
    if (!Number.isFinite(price)) return;
    const last = lastRef.current;
    const bar = nextLastBar(last, price, tick.ts, period);
    if (last && bar.time < last.time) return;
    lastRef.current = bar;
    seriesRef.current.update(bar);
  }, [tick, period]);

  return <div ref={containerRef} className="price-chart" data-testid="chart" />;
}
