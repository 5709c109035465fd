/**
 * index.html paints the home page before any JavaScript has run: a static copy of what the app
 * renders first on "/" for a logged-out visitor in English (top bar, hero, figures still loading,
 * tab bar), in both layouts. React replaces it on its first render, so it must be the same markup,
 * or the page would visibly change (or shift) at that moment.
 *
 * These tests render the real components and compare. After changing the shell, the hero or the
 * figures, regenerate the copy with:
 *   UPDATE_STATIC_SHELL=1 npx vitest run --project web src/app/static-shell.test.tsx
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { computeLayout } from '@/shared/lib/layout';
import { sessionStore, STORAGE_KEYS } from '@/shared/session/session-store';
import { mockApi } from '@/shared/test/mock-api';
import { baseHandlers, renderApp } from '@/shared/test/render-app';

const INDEX_HTML = path.resolve(__dirname, '../../index.html');
const START = '<!-- static-shell:start -->';
const END = '<!-- static-shell:end -->';

/**
 * Test ids stay on React's elements only (the journeys must never find the static copy), and
 * references to React's generated ids (useId) would point nowhere.
 */
function normalize(html: string): string {
  return html
    .replace(/ data-testid="[^"]*"/g, '')
    .replace(/ data-discover="true"/g, '')
    .replace(/ aria-controls="_[^"]*_"/g, '');
}

/**
 * Both layouts' copies are in the document (one hidden), so the mobile copy's ids (SVG gradients)
 * get a suffix: a gradient found in the hidden copy would not paint.
 */
function suffixIds(html: string, suffix: string): string {
  return html.replace(/ id="([^"]+)"/g, ` id="$1${suffix}"`).replace(/url\(#([^)]+)\)/g, `url(#$1${suffix})`);
}

function outer(selector: string): string {
  const el = document.querySelector(selector);
  if (!el) throw new Error(`not rendered: ${selector}`);
  return normalize(el.outerHTML);
}

async function renderHome(desktop: boolean) {
  // Parameters unset (the default site name, no download link) and the figures still on their way:
  // what the first render shows before any answer arrives.
  mockApi({ ...baseHandlers, 'GET index/getHomeStats': () => new Promise(() => {}) });
  sessionStore.dismissBoard();
  sessionStore.setWindow(desktop ? 1366 : 390, desktop);
  await renderApp('/');
  await screen.findByTestId('home-stats');
  const page = `${outer('.home-hero')}${outer('.home-stats')}`;
  const html = desktop
    ? `<div class="ob-static ob-static--desktop ob-static--home d-shell">${outer('.d-header')}<main class="d-main"><div class="home">${page}</div></main></div>`
    : suffixIds(
        `<div class="ob-static ob-static--mobile ob-static--home m-shell">${outer('.m-top')}<main class="m-main"><div class="home">${page}</div></main>${outer('.m-tabs')}</div>`,
        '-m',
      );
  cleanup();
  return html;
}

/**
 * /market's copy: the top bar, tab bar and the page's header (title and subtitle, its largest
 * text); the app's first render adds the list and the rest below, so nothing painted moves.
 */
async function renderMarket(desktop: boolean) {
  mockApi({ ...baseHandlers, 'GET index/listMarketByType': () => new Promise(() => {}) });
  sessionStore.dismissBoard();
  sessionStore.setWindow(desktop ? 1366 : 390, desktop);
  await renderApp('/market');
  await screen.findByRole('heading', { level: 1, name: 'Markets' });
  const pageEl = document.querySelector('.page');
  if (!pageEl) throw new Error('not rendered: .page');
  const page = `<div class="${pageEl.className}">${outer('.page__header')}</div>`;
  const html = desktop
    ? suffixIds(
        `<div class="ob-static ob-static--desktop ob-static--market d-shell">${outer('.d-header')}<main class="d-main">${page}</main></div>`,
        '-md',
      )
    : suffixIds(
        `<div class="ob-static ob-static--mobile ob-static--market m-shell">${outer('.m-top')}<main class="m-main">${page}</main>${outer('.m-tabs')}</div>`,
        '-mm',
      );
  cleanup();
  return html;
}

function staticShellOf(indexHtml: string): string {
  const start = indexHtml.indexOf(START);
  const end = indexHtml.indexOf(END);
  if (start < 0 || end < start) throw new Error('index.html lacks the static-shell markers');
  return indexHtml.slice(start + START.length, end);
}

describe('static first paint (index.html)', () => {
  it('is the markup the app renders first on "/" and at the top of "/market", in both layouts', async () => {
    const expected = [
      await renderHome(true),
      await renderHome(false),
      await renderMarket(true),
      await renderMarket(false),
    ].join('');
    const indexHtml = readFileSync(INDEX_HTML, 'utf8');
    if (process.env.UPDATE_STATIC_SHELL === '1') {
      const start = indexHtml.indexOf(START) + START.length;
      writeFileSync(INDEX_HTML, indexHtml.slice(0, start) + expected + indexHtml.slice(indexHtml.indexOf(END)));
      return;
    }
    expect(staticShellOf(indexHtml), 'regenerate with UPDATE_STATIC_SHELL=1 (see the top of this file)').toBe(expected);
    expect(staticShellOf(indexHtml)).not.toContain('data-testid');
  });

  describe('inline script', () => {
    const source = readFileSync(INDEX_HTML, 'utf8').match(/<script>([\s\S]*?)<\/script>/)?.[1] ?? '';
    const assets = {
      entry: '/assets/index.js',
      preload: ['/assets/react.js', '/assets/router.js'],
      langs: ['en', 'ja', 'ar'],
      tags: { en: 'en', ja: 'ja', ar: 'ar' },
      rtl: ['ar'],
      app: { en: '/assets/app-en.js', ja: '/assets/app-ja.js' },
      errors: { en: '/assets/errors-en.js', ja: '/assets/errors-ja.js', ar: '/assets/errors-ar.js' },
      home: ['/assets/home.js', '/assets/use-format.js'],
      routes: { '/market': ['/assets/market.js'] },
    };
    type Tag = { rel?: string; type?: string; href?: string; src?: string };
    type Observed = (list: { getEntriesByName(name: string): unknown[] }, observer: { disconnect(): void }) => void;

    function run({
      width,
      userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
      maxTouchPoints = 0,
      pathname = '/',
      session = {},
      built = true,
      paintTimings = false,
      visibilityState = 'visible',
    }: {
      width: number;
      userAgent?: string;
      maxTouchPoints?: number;
      pathname?: string;
      session?: Record<string, string>;
      built?: boolean;
      paintTimings?: boolean;
      visibilityState?: string;
    }) {
      const loaded: string[] = [];
      const attributes: Record<string, string> = {};
      const timers: (() => void)[] = [];
      let onPaint: Observed | undefined;
      const root = {
        clientWidth: width,
        style: { fontSize: '' },
        className: '',
        setAttribute: (k: string, v: string) => {
          attributes[k] = v;
        },
      };
      const doc = {
        documentElement: root,
        visibilityState,
        head: {
          appendChild: (fragment: { children: Tag[] }) => {
            for (const el of fragment.children) {
              loaded.push(el.rel === 'modulepreload' ? `preload ${el.href}` : `${el.type} ${el.src}`);
            }
          },
        },
        createElement: () => ({}),
        createDocumentFragment: () => ({
          children: [] as Tag[],
          appendChild(el: Tag) {
            this.children.push(el);
          },
        }),
      };
      const observer = Object.assign(
        // A function, not an arrow: the script calls it with `new`.
        function fakeObserver(callback: Observed) {
          onPaint = callback;
          return { observe: () => {}, disconnect: () => {} };
        },
        { supportedEntryTypes: paintTimings ? ['paint', 'navigation'] : ['navigation'] },
      );
      const win = {
        innerWidth: width,
        location: { pathname },
        sessionStorage: { getItem: (key: string) => session[key] ?? null },
        PerformanceObserver: observer,
        setTimeout: (fn: () => void) => void timers.push(fn),
      };
      const script = built ? source.replace('/*__OB_FIRST_PAINT__*/ null', JSON.stringify(assets)) : source;
      new Function('window', 'document', 'navigator', script)(win, doc, { userAgent, maxTouchPoints });
      const paint = (name: string) =>
        onPaint?.({ getEntriesByName: (n) => (n === name ? [{}] : []) }, { disconnect: () => {} });
      return {
        fontSize: root.style.fontSize,
        layout: attributes['data-layout'],
        lang: attributes.lang,
        dir: attributes.dir,
        className: root.className,
        loaded,
        paint,
        /** Runs the pending timers (and those they set), like time passing. */
        timeout: () => {
          while (timers.length) timers.shift()?.();
        },
      };
    }

    it('lays the page out as src/shared/lib/layout.ts does', () => {
      const cases = [
        { width: 1366 },
        { width: 1920 },
        { width: 2400 },
        { width: 999 },
        { width: 412, userAgent: 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) Chrome/140.0 Mobile' },
        { width: 390, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1' },
        { width: 1366, userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1', maxTouchPoints: 5 },
        { width: 1366, userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1' },
      ];
      for (const c of cases) {
        const ua = c.userAgent ?? 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0';
        const expected = computeLayout(c.width, ua, c.maxTouchPoints);
        const got = run(c);
        expect(got.layout, JSON.stringify(c)).toBe(expected.isDesktop ? 'desktop' : 'mobile');
        expect(Number.parseFloat(got.fontSize), JSON.stringify(c)).toBeCloseTo(expected.rootFontSizePx, 6);
      }
    });

    it('shows the static page only on "/", in English, logged out, on the real account', () => {
      expect(run({ width: 1366 }).className).toContain('ob-static-on');
      expect(run({ width: 1366, session: { [STORAGE_KEYS.language]: 'en' } }).className).toContain('ob-static-on');
      expect(run({ width: 1366, session: { [STORAGE_KEYS.language]: 'xx' } }).className).toContain('ob-static-on');
      expect(run({ width: 1366, session: { [STORAGE_KEYS.language]: 'ar' } }).className).not.toContain('ob-static');
      expect(run({ width: 1366, pathname: '/market' }).className).toContain('ob-page-market');
      expect(run({ width: 1366 }).className).toContain('ob-page-home');
      expect(run({ width: 1366, pathname: '/profile' }).className).not.toContain('ob-static');
      const loggedIn = { [STORAGE_KEYS.loginFlag]: '1', [STORAGE_KEYS.token]: 't' };
      expect(run({ width: 1366, session: loggedIn }).className).not.toContain('ob-static');
      expect(run({ width: 1366, session: { [STORAGE_KEYS.accountMode]: '2' } }).className).not.toContain('ob-static');
      // Without the build's file names (the dev server) there is no static page to show.
      expect(run({ width: 1366, built: false }).className).not.toContain('ob-static');
    });

    it('gives the document its language and direction before the first paint', () => {
      expect(run({ width: 1366 })).toMatchObject({ lang: 'en', dir: 'ltr' });
      expect(run({ width: 390, session: { [STORAGE_KEYS.language]: 'ar' } })).toMatchObject({ lang: 'ar', dir: 'rtl' });
      expect(run({ width: 1366, session: { [STORAGE_KEYS.language]: 'xx' } })).toMatchObject({
        lang: 'en',
        dir: 'ltr',
      });
    });

    it('loads the app with the language\'s texts (English where it has none) and the first page\'s code ("/", "/market")', () => {
      const loaded = (options: Parameters<typeof run>[0]) => {
        const page = run(options);
        page.timeout();
        return page.loaded;
      };
      expect(loaded({ width: 1366 })).toEqual([
        'preload /assets/react.js',
        'preload /assets/router.js',
        'preload /assets/app-en.js',
        'preload /assets/errors-en.js',
        'preload /assets/home.js',
        'preload /assets/use-format.js',
        'module /assets/index.js',
      ]);
      expect(loaded({ width: 1366, pathname: '/market', session: { [STORAGE_KEYS.language]: 'ar' } })).toEqual([
        'preload /assets/react.js',
        'preload /assets/router.js',
        'preload /assets/app-en.js',
        'preload /assets/errors-ar.js',
        'preload /assets/market.js',
        'module /assets/index.js',
      ]);
      expect(loaded({ width: 1366, pathname: '/profile' })).not.toContain('preload /assets/market.js');
      expect(loaded({ width: 1366, built: false })).toEqual([]);
    });

    it('starts the app once the static page has painted, or at once where it does not show', () => {
      const page = run({ width: 1366, paintTimings: true });
      expect(page.loaded).toEqual([]);
      page.paint('first-paint');
      expect(page.loaded).toEqual([]);
      page.paint('first-contentful-paint');
      // The first batch at once, the rest (the entry last) in tasks of their own.
      expect(page.loaded).toEqual(['preload /assets/react.js', 'preload /assets/router.js']);
      page.timeout();
      expect(page.loaded.filter((l) => l.startsWith('module'))).toEqual(['module /assets/index.js']);
      expect(page.loaded).toHaveLength(7);

      // /market paints its header first too, then loads its own page's code (not the home page's).
      const market = run({ width: 1366, paintTimings: true, pathname: '/market' });
      expect(market.loaded).toEqual([]);
      market.paint('first-contentful-paint');
      market.timeout();
      expect(market.loaded).toContain('preload /assets/market.js');
      expect(market.loaded).not.toContain('preload /assets/home.js');

      const neverPainted = run({ width: 1366, paintTimings: true });
      neverPainted.timeout();
      expect(neverPainted.loaded).toContain('module /assets/index.js');

      for (const options of [
        { width: 1366, paintTimings: true, visibilityState: 'hidden' },
        { width: 1366, paintTimings: true, pathname: '/profile' },
      ]) {
        const page = run(options);
        expect(page.loaded).toContain('preload /assets/react.js');
        page.timeout();
        expect(page.loaded).toContain('module /assets/index.js');
      }
    });
  });
});
