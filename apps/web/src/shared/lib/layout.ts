/**
 * Layout choice and root font scaling (spec §1). The designs are drawn at 1920 px (desktop) and
 * 750 px (mobile) wide with 1rem = 100 design px, so CSS sizes in rem scale with the viewport.
 */
export const DESKTOP_DESIGN_WIDTH_PX = 1920;
export const MOBILE_DESIGN_WIDTH_PX = 750;
/** Below this width even a desktop browser gets the mobile layout. */
export const LAYOUT_BREAKPOINT_PX = 1000;
export const ROOT_FONT_SIZE_MAX_PX = 100;

/** Android and iOS devices (iPadOS 13+ reports a Mac user agent; its touch points give it away). */
export function isMobileDevice(userAgent: string, maxTouchPoints = 0): boolean {
  if (/Android/i.test(userAgent)) return true;
  if (/iPhone|iPad|iPod/i.test(userAgent)) return true;
  return /Macintosh/i.test(userAgent) && maxTouchPoints > 1;
}

export function isDesktopLayout(widthPx: number, mobileDevice: boolean): boolean {
  return !mobileDevice && widthPx >= LAYOUT_BREAKPOINT_PX;
}

export function rootFontSizePx(widthPx: number, desktop: boolean): number {
  const designWidthPx = desktop ? DESKTOP_DESIGN_WIDTH_PX : MOBILE_DESIGN_WIDTH_PX;
  const size = (widthPx / designWidthPx) * 100;
  return Math.min(Math.max(size, 0), ROOT_FONT_SIZE_MAX_PX);
}

export interface LayoutMetrics {
  widthPx: number;
  isDesktop: boolean;
  rootFontSizePx: number;
}

export function computeLayout(widthPx: number, userAgent: string, maxTouchPoints = 0): LayoutMetrics {
  const isDesktop = isDesktopLayout(widthPx, isMobileDevice(userAgent, maxTouchPoints));
  return { widthPx, isDesktop, rootFontSizePx: rootFontSizePx(widthPx, isDesktop) };
}

export function measureLayout(win: Window = window): LayoutMetrics {
  const widthPx = win.document.documentElement.clientWidth || win.innerWidth;
  return computeLayout(widthPx, win.navigator.userAgent, win.navigator.maxTouchPoints ?? 0);
}

export function applyLayout(metrics: LayoutMetrics, doc: Document = document): void {
  const root = doc.documentElement;
  const fontSize = `${metrics.rootFontSizePx}px`;
  const layout = metrics.isDesktop ? 'desktop' : 'mobile';
  // index.html has applied the same before the first paint; rewriting equal values could still make
  // the browser restyle the whole page.
  const current = Number.parseFloat(root.style.fontSize);
  if (!(Math.abs(current - metrics.rootFontSizePx) < 1e-3)) root.style.fontSize = fontSize;
  if (root.dataset.layout !== layout) root.dataset.layout = layout;
}

/**
 * Applies the layout now and on every resize (once per animation frame). Returns a function that
 * stops listening.
 */
export function watchLayout(onChange: (metrics: LayoutMetrics) => void, win: Window = window): () => void {
  let frame = 0;
  const update = () => {
    frame = 0;
    const metrics = measureLayout(win);
    applyLayout(metrics, win.document);
    onChange(metrics);
  };
  const schedule = () => {
    if (frame) return;
    frame = win.requestAnimationFrame(update);
  };
  update();
  win.addEventListener('resize', schedule);
  win.addEventListener('orientationchange', schedule);
  return () => {
    if (frame) win.cancelAnimationFrame(frame);
    win.removeEventListener('resize', schedule);
    win.removeEventListener('orientationchange', schedule);
  };
}
