import type { IChartApi, IPriceLine, ISeriesApi } from 'lightweight-charts';
import { type RefObject, useEffect, useRef } from 'react';
import type { PositionLine } from '../lib/chart-lines';

/** How close (px) the pointer must come to a line to grab it. */
const GRAB_PX = 6;

export interface DrawnLine {
  line: PositionLine;
  handle: IPriceLine;
}

/**
 * Dragging a stop-loss or take-profit line: grabbed within a few pixels, moved with the pointer
 * (the chart's own panning is off meanwhile), and on release handed to `onDrop` with the price
 * under the pointer; the caller asks for confirmation and the server checks the level. The cursor
 * says which lines can be grabbed. `containerRef` is the chart's root: the canvas and the line
 * handles over it share its coordinates, so a handle grabbed is its line grabbed.
 */
export function useChartDrag(
  containerRef: RefObject<HTMLDivElement | null>,
  chartRef: RefObject<IChartApi | null>,
  seriesRef: RefObject<ISeriesApi<'Candlestick'> | null>,
  drawnRef: RefObject<Map<string, DrawnLine>>,
  onDrop: ((line: PositionLine, price: number) => void) | undefined,
  /** Called when a dragged line moved, so its handle follows. */
  onMoved: () => void,
) {
  const onDropRef = useRef(onDrop);
  onDropRef.current = onDrop;

  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    let dragging: DrawnLine | null = null;
    const yOf = (e: PointerEvent) => e.clientY - el.getBoundingClientRect().top;
    const grabbable = (y: number): DrawnLine | null => {
      const series = seriesRef.current;
      if (!series || !onDropRef.current) return null;
      let best: DrawnLine | null = null;
      let bestDistance = GRAB_PX + 1;
      for (const drawn of drawnRef.current.values()) {
        if (!drawn.line.draggable) continue;
        const at = series.priceToCoordinate(drawn.handle.options().price);
        if (at === null) continue;
        const distance = Math.abs(at - y);
        if (distance < bestDistance) {
          best = drawn;
          bestDistance = distance;
        }
      }
      return best;
    };
    const down = (e: PointerEvent) => {
      if (e.button !== 0) return;
      // A line's handle grabs its line wherever the handle sits; elsewhere, the line nearest the pointer.
      const key = (e.target as HTMLElement | null)?.closest?.<HTMLElement>('[data-line]')?.dataset.line;
      const hit = (key && onDropRef.current ? drawnRef.current.get(key) : undefined) ?? grabbable(yOf(e));
      if (!hit) return;
      dragging = hit;
      e.preventDefault();
      e.stopPropagation();
      el.setPointerCapture?.(e.pointerId);
      chartRef.current?.applyOptions({ handleScroll: false, handleScale: false });
      el.dataset.dragging = hit.line.kind;
    };
    const move = (e: PointerEvent) => {
      const y = yOf(e);
      if (!dragging) {
        el.style.cursor = grabbable(y) ? 'ns-resize' : '';
        return;
      }
      e.preventDefault();
      const price = seriesRef.current?.coordinateToPrice(y);
      if (price !== null && price !== undefined && price > 0) {
        dragging.handle.applyOptions({ price });
        onMoved();
      }
    };
    const up = (e: PointerEvent) => {
      if (!dragging) return;
      const drawn = dragging;
      dragging = null;
      delete el.dataset.dragging;
      el.releasePointerCapture?.(e.pointerId);
      chartRef.current?.applyOptions({ handleScroll: true, handleScale: true });
      onDropRef.current?.(drawn.line, drawn.handle.options().price);
    };
    // Capture: the line is grabbed before the chart starts panning under the pointer.
    el.addEventListener('pointerdown', down, true);
    el.addEventListener('pointermove', move, true);
    el.addEventListener('pointerup', up, true);
    el.addEventListener('pointercancel', up, true);
    return () => {
      el.removeEventListener('pointerdown', down, true);
      el.removeEventListener('pointermove', move, true);
      el.removeEventListener('pointerup', up, true);
      el.removeEventListener('pointercancel', up, true);
    };
  }, [containerRef, chartRef, seriesRef, drawnRef, onMoved]);
}
