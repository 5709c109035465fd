import { describe, expect, it } from 'vitest';
import { applyLayout, computeLayout, isDesktopLayout, isMobileDevice, rootFontSizePx, watchLayout } from './layout';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126 Safari/537.36';
const IPADOS = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15';

describe('device type', () => {
  it('treats Android and iOS as mobile, everything else as desktop', () => {
    expect(isMobileDevice(IPHONE)).toBe(true);
    expect(isMobileDevice(ANDROID)).toBe(true);
    expect(isMobileDevice(DESKTOP)).toBe(false);
  });

  it('recognises iPadOS, which reports a Mac user agent, by its touch points', () => {
    expect(isMobileDevice(IPADOS, 5)).toBe(true);
    expect(isMobileDevice(IPADOS, 0)).toBe(false);
  });
});

describe('layout choice', () => {
  it('is desktop only for a desktop device at least 1000 px wide', () => {
    expect(isDesktopLayout(1366, false)).toBe(true);
    expect(isDesktopLayout(1000, false)).toBe(true);
    expect(isDesktopLayout(999, false)).toBe(false);
    expect(isDesktopLayout(1366, true)).toBe(false);
  });

  it('gives the 390 px test phone the mobile layout', () => {
    expect(computeLayout(390, IPHONE).isDesktop).toBe(false);
  });
});

describe('root font size', () => {
  it('scales from 1920 px on desktop and 750 px on mobile', () => {
    expect(rootFontSizePx(1920, true)).toBe(100);
    expect(rootFontSizePx(1366, true)).toBeCloseTo(71.146, 2);
    expect(rootFontSizePx(390, false)).toBe(52);
    expect(rootFontSizePx(375, false)).toBe(50);
  });

  it('is capped at 100 px', () => {
    expect(rootFontSizePx(2560, true)).toBe(100);
    expect(rootFontSizePx(900, false)).toBe(100);
  });

  it('uses the mobile design width for a narrow desktop window', () => {
    const metrics = computeLayout(600, DESKTOP);
    expect(metrics.isDesktop).toBe(false);
    expect(metrics.rootFontSizePx).toBe(80);
  });
});

describe('applying the layout', () => {
  it('sets the root font size and the layout attribute', () => {
    applyLayout({ widthPx: 390, isDesktop: false, rootFontSizePx: 52 });
    expect(document.documentElement.style.fontSize).toBe('52px');
    expect(document.documentElement.dataset.layout).toBe('mobile');
  });

  it('recomputes on resize', () => {
    const seen: number[] = [];
    let width = 1366;
    Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, get: () => width });
    const frames: FrameRequestCallback[] = [];
    const win = Object.assign(Object.create(window) as Window, {
      document,
      navigator: { userAgent: DESKTOP, maxTouchPoints: 0 },
      requestAnimationFrame: (cb: FrameRequestCallback) => frames.push(cb),
      cancelAnimationFrame: () => {},
      addEventListener: window.addEventListener.bind(window),
      removeEventListener: window.removeEventListener.bind(window),
    });
    const stop = watchLayout((m) => seen.push(m.rootFontSizePx), win);
    expect(seen).toEqual([rootFontSizePx(1366, true)]);
    width = 1920;
    window.dispatchEvent(new Event('resize'));
    frames.shift()?.(0);
    expect(seen.at(-1)).toBe(100);
    expect(document.documentElement.style.fontSize).toBe('100px');
    stop();
    Reflect.deleteProperty(document.documentElement, 'clientWidth');
  });
});
