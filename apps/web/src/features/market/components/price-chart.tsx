import type { Candle, KPeriod } from '@openbourse/contracts/market.ts';
import {
  type AutoscaleInfo,
  CandlestickSeries,
  ColorType,
  CrosshairMode,
  createChart,
  type IChartApi,
  type ISeriesApi,
  LineSeries,
  LineStyle,
  type MouseEventParams,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/shared/hooks/use-format';
import { useLiveQuote } from '@/shared/lib/live-quotes';
import type { PositionLine } from '../lib/chart-lines';
import { computeIndicators, type Indicator, type IndicatorState, type Point } from '../lib/indicators';
import { PERIOD_MS } from '../lib/periods';
import { type DrawnLine, useChartDrag } from './use-chart-drag';

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

const COLORS = {
  up: '#19c39c',
  down: '#f2546d',
  ma: '#f0b90b',
  ema: '#c084fc',
  boll: '#5b9cf6',
  rsi: '#f0b90b',
  entry: '#a5b3c9',
  stopLoss: '#f2546d',
  takeProfit: '#19c39c',
};

type LineKey = 'ma' | 'ema' | 'bollUpper' | 'bollMiddle' | 'bollLower';
const LINE_OF: Record<LineKey, Indicator> = {
  ma: 'ma',
  ema: 'ema',
  bollUpper: 'boll',
  bollMiddle: 'boll',
  bollLower: 'boll',
};

export interface PriceChartProps {
  candles: readonly Candle[];
  period: KPeriod;
  instrumentId: number;
  priceDecimals: number;
  /** The instrument's tick: one arrow key press moves a focused line handle by one tick. */
  tickSize: string;
  /** Indicators shown (moving average, EMA, Bollinger bands on the price; RSI in its own pane). */
  indicators: ReadonlySet<Indicator>;
  /** Entry, stop-loss and take-profit lines of the user's open positions on this instrument. */
  lines: readonly PositionLine[];
  /** A line proposed at a new level (being confirmed): drawn there until confirmed or cancelled. */
  proposed?: { key: string; price: string } | null;
  /** A stop-loss or take-profit line dropped at `price` (a float off the chart, to be snapped and confirmed). */
  onDragLine?: (line: PositionLine, price: number) => void;
}

/** Candlesticks (lightweight-charts, loaded with this chunk only) with the last candle kept live. */
export default function PriceChart({
  candles,
  period,
  instrumentId,
  priceDecimals,
  tickSize,
  indicators,
  lines,
  proposed,
  onDragLine,
}: PriceChartProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const containerRef = useRef<HTMLDivElement>(null);
  const areaRef = useRef<HTMLDivElement>(null);
  const handlesRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const linesRef = useRef<Partial<Record<LineKey, ISeriesApi<'Line'>>>>({});
  const rsiRef = useRef<ISeriesApi<'Line'> | null>(null);
  /** RSI points as last computed and kept live, for the pane when it is switched on. */
  const rsiDataRef = useRef<Point<UTCTimestamp>[]>([]);
  const stateRef = useRef<IndicatorState<UTCTimestamp> | null>(null);
  const drawnRef = useRef(new Map<string, DrawnLine>());
  const lastRef = useRef<Bar | undefined>(undefined);
  const [legend, setLegend] = useState<Bar | undefined>(undefined);
  const tick = useLiveQuote(instrumentId);
  const showRsi = indicators.has('rsi');

  // Each draggable line's handle sits on its line: placed again (once per frame at most) whenever
  // the chart scrolls, resizes, takes data or a line moves, never on an idle frame.
  const framePending = useRef(false);
  const placeHandles = useCallback(() => {
    if (framePending.current) return;
    framePending.current = true;
    requestAnimationFrame(() => {
      framePending.current = false;
      const series = seriesRef.current;
      const box = handlesRef.current;
      if (!series || !box) return;
      const height = box.clientHeight;
      for (const el of box.querySelectorAll<HTMLElement>('[data-line]')) {
        const drawn = drawnRef.current.get(el.dataset.line ?? '');
        const y = drawn ? series.priceToCoordinate(drawn.handle.options().price) : null;
        const shown = y !== null && y >= 0 && y <= height;
        el.hidden = !shown;
        if (shown) el.style.transform = `translateY(${Math.round(y - 10)}px)`;
      }
    });
  }, []);

  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const chart = createChart(el, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: '#a5b3c9',
        attributionLogo: false,
        panes: { separatorColor: '#203049' },
      },
      grid: { vertLines: { color: '#18243a' }, horzLines: { color: '#18243a' } },
      rightPriceScale: { borderColor: '#203049', scaleMargins: { top: 0.12, bottom: 0.08 } },
      // Room after the last bar keeps the newest time label whole at the right edge.
      timeScale: { borderColor: '#203049', timeVisible: true, secondsVisible: false, rightOffset: 4 },
      crosshair: { mode: CrosshairMode.Normal },
      localization: { priceFormatter: (p: number) => p.toFixed(priceDecimals) },
    });
    const series = chart.addSeries(CandlestickSeries, {
      upColor: COLORS.up,
      downColor: COLORS.down,
      borderVisible: false,
      wickUpColor: COLORS.up,
      wickDownColor: COLORS.down,
      priceFormat: { type: 'price', precision: priceDecimals, minMove: 10 ** -priceDecimals },
      // Position lines near the price stay in view: the scale stretches to a line within 3% of the
      // last close, never to a far one (that would flatten the candles).
      autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => {
        const info = original();
        const last = lastRef.current?.close;
        if (!info?.priceRange || !last) return info;
        let { minValue, maxValue } = info.priceRange;
        for (const d of drawnRef.current.values()) {
          const p = d.handle.options().price;
          if (Math.abs(p - last) > last * 0.03) continue;
          minValue = Math.min(minValue, p);
          maxValue = Math.max(maxValue, p);
        }
        return { ...info, priceRange: { minValue, maxValue } };
      },
    });
    const line = (color: string, style = LineStyle.Solid) =>
      chart.addSeries(LineSeries, {
        color,
        lineWidth: 1,
        lineStyle: style,
        priceLineVisible: false,
        lastValueVisible: false,
        crosshairMarkerVisible: false,
        visible: false,
      });
    linesRef.current = {
      ma: line(COLORS.ma),
      ema: line(COLORS.ema),
      bollUpper: line(COLORS.boll, LineStyle.Dashed),
      bollMiddle: line(COLORS.boll),
      bollLower: line(COLORS.boll, LineStyle.Dashed),
    };
    chartRef.current = chart;
    seriesRef.current = series;
    const onCrosshair = (param: MouseEventParams<Time>) => {
      const bar = param.seriesData.get(series) as Bar | undefined;
      setLegend(bar && 'open' in bar ? bar : lastRef.current);
      placeHandles(); // a drag on the price scale rescales without scrolling
    };
    chart.subscribeCrosshairMove(onCrosshair);
    chart.timeScale().subscribeVisibleLogicalRangeChange(placeHandles);
    const resized = new ResizeObserver(placeHandles);
    resized.observe(el);
    return () => {
      resized.disconnect();
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(placeHandles);
      chart.unsubscribeCrosshairMove(onCrosshair);
      chart.remove();
      chartRef.current = null;
      seriesRef.current = null;
      rsiRef.current = null;
      linesRef.current = {};
      drawnRef.current.clear();
    };
  }, [priceDecimals, placeHandles]);

  // RSI lives in a pane of its own below the price, there only while it is shown.
  useEffect(() => {
    const chart = chartRef.current;
    if (!chart || !showRsi) return;
    const rsi = chart.addSeries(
      LineSeries,
      {
        color: COLORS.rsi,
        lineWidth: 1,
        priceLineVisible: false,
        lastValueVisible: true,
        priceFormat: { type: 'price', precision: 1, minMove: 0.1 },
        autoscaleInfoProvider: () => ({ priceRange: { minValue: 0, maxValue: 100 } }),
      },
      1,
    );
    for (const level of [30, 70])
      rsi.createPriceLine({ price: level, color: '#2d4063', lineStyle: LineStyle.Dotted, axisLabelVisible: false });
    chart.panes()[1]?.setStretchFactor(0.45);
    rsiRef.current = rsi;
    rsi.setData(rsiDataRef.current);
    placeHandles(); // the price pane got shorter: its lines moved
    return () => {
      chart.removeSeries(rsi);
      rsiRef.current = null;
      placeHandles();
    };
  }, [showRsi, placeHandles]);

  useEffect(() => {
    for (const [key, series] of Object.entries(linesRef.current) as [LineKey, ISeriesApi<'Line'>][])
      series.applyOptions({ visible: indicators.has(LINE_OF[key]) });
    placeHandles(); // the scale follows what is shown
  }, [indicators, placeHandles]);

  useEffect(() => {
    const bars = candles.map(toBar);
    seriesRef.current?.setData(bars);
    const { series, state } = computeIndicators(bars);
    stateRef.current = state;
    for (const [key, s] of Object.entries(linesRef.current) as [LineKey, ISeriesApi<'Line'>][]) s.setData(series[key]);
    rsiDataRef.current = series.rsi;
    rsiRef.current?.setData(series.rsi);
    lastRef.current = bars[bars.length - 1];
    setLegend(lastRef.current);
    chartRef.current?.timeScale().scrollToRealTime();
    placeHandles();
  }, [candles, placeHandles]);

  useEffect(() => {
    if (!tick || !seriesRef.current) return;
    const price = Number(tick.last);
    if (!Number.isFinite(price)) return;
    const last = lastRef.current;
    const bar = nextLastBar(last, price, tick.ts, period);
    if (last && bar.time < last.time) return;
    lastRef.current = bar;
    seriesRef.current.update(bar);
    const v = stateRef.current?.update(bar.time, bar.close, last?.time === bar.time);
    const l = linesRef.current;
    if (v?.ma) l.ma?.update(v.ma);
    if (v?.ema) l.ema?.update(v.ema);
    if (v?.boll) {
      l.bollUpper?.update(v.boll.upper);
      l.bollMiddle?.update(v.boll.middle);
      l.bollLower?.update(v.boll.lower);
    }
    if (v?.rsi) {
      const points = rsiDataRef.current;
      if (points.at(-1)?.time === v.rsi.time) points[points.length - 1] = v.rsi;
      else points.push(v.rsi);
      rsiRef.current?.update(v.rsi);
    }
    placeHandles();
  }, [tick, period, placeHandles]);

  // Position lines: redrawn whenever the positions or a proposed level change.
  useEffect(() => {
    const series = seriesRef.current;
    if (!series) return;
    const drawn = drawnRef.current;
    for (const d of drawn.values()) series.removePriceLine(d.handle);
    drawn.clear();
    for (const line of lines) {
      const price = proposed?.key === line.key ? proposed.price : line.price;
      const handle = series.createPriceLine({
        price: Number(price),
        color: COLORS[line.kind],
        lineWidth: line.kind === 'entry' ? 1 : 2,
        lineStyle: line.kind === 'entry' ? LineStyle.Solid : LineStyle.Dashed,
        axisLabelVisible: true,
        title: t(`market.chart.line.${line.kind}`),
      });
      drawn.set(line.key, { line, handle });
    }
    placeHandles();
  }, [lines, proposed, t, placeHandles]);

  useChartDrag(areaRef, chartRef, seriesRef, drawnRef, onDragLine, placeHandles);

  /** Arrow keys move a focused handle's line a tick at a time (ten with Shift); Enter proposes it, Escape puts it back. */
  const onHandleKey = (e: React.KeyboardEvent, line: PositionLine) => {
    const drawn = drawnRef.current.get(line.key);
    if (!drawn) return;
    const now = drawn.handle.options().price;
    const step = Number(tickSize) * (e.shiftKey ? 10 : 1);
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      e.preventDefault();
      const next = now + (e.key === 'ArrowUp' ? step : -step);
      if (next > 0) drawn.handle.applyOptions({ price: next });
      placeHandles();
    } else if (e.key === 'Enter') {
      e.preventDefault();
      onDragLine?.(line, now);
    } else if (e.key === 'Escape') {
      drawn.handle.applyOptions({ price: Number(line.price) });
      placeHandles();
    }
  };

  const digits = { minFractionDigits: priceDecimals, maxFractionDigits: priceDecimals };
  // The legend's row is always there (no shift when the first bar arrives).
  const ohlc = (['open', 'high', 'low', 'close'] as const).map((k) => ({
    k,
    v: legend ? format.decimal(legend[k].toFixed(priceDecimals), digits) : '—',
  }));
  return (
    <div className="price-chart" data-testid="chart" data-lines={lines.length}>
      <dl className="chart-legend" data-testid="chart-legend" dir="ltr">
        {ohlc.map(({ k, v }) => (
          <div key={k}>
            <dt>{t(`market.chart.ohlc.${k}`)}</dt>
            <dd className={legend && legend.close >= legend.open ? 'change--up' : 'change--down'}>{v}</dd>
          </div>
        ))}
      </dl>
      <div ref={areaRef} className="price-chart__area">
        <div ref={containerRef} className="price-chart__canvas" />
        <div ref={handlesRef} className="price-chart__handles">
          {onDragLine
            ? lines
                .filter((l) => l.draggable)
                .map((line) => (
                  <button
                    key={line.key}
                    type="button"
                    data-line={line.key}
                    data-testid={`line-handle-${line.kind}`}
                    className={`line-handle line-handle--${line.kind}`}
                    aria-label={t('market.chart.handle', {
                      line: t(`market.chart.move.${line.kind === 'takeProfit' ? 'takeProfit' : 'stopLoss'}`),
                      no: line.order.orderNo,
                      price: format.decimal(line.price, { minFractionDigits: 0, maxFractionDigits: 10 }),
                    })}
                    onKeyDown={(e) => onHandleKey(e, line)}
                    hidden
                  >
                    {t(`market.chart.line.${line.kind}`)}
                  </button>
                ))
            : null}
        </div>
      </div>
    </div>
  );
}
