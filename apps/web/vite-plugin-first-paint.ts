import type { Plugin, Rollup } from 'vite';

/** Where index.html's first inline script receives the build's file names (see index.html). */
export const FIRST_PAINT_PLACEHOLDER = '/*__OB_FIRST_PAINT__*/ null';

/** What the inline script in index.html loads, and when (see index.html). */
export interface FirstPaintAssets {
  /** The app's entry module. */
  entry: string;
  /** The modules the entry imports (preloaded beside it). */
  preload: string[];
  /** The supported language codes; anything else stored means the default language. */
  langs: readonly string[];
  /** Language code → its BCP 47 tag for html[lang] (the inline script sets it before the first paint). */
  tags: Record<string, string>;
  /** The right-to-left language codes (html[dir]). */
  rtl: readonly string[];
  /** Language code → the chunk of its app.json / errors.json (a language may lack one). */
  app: Record<string, string>;
  errors: Record<string, string>;
  /** The home page's chunk and the chunks it imports that the entry does not already load. */
  home: string[];
  /** Other pages whose code is loaded with the entry when the visit starts there: path → chunks. */
  routes: Record<string, string[]>;
}

function isChunk(file: Rollup.OutputChunk | Rollup.OutputAsset): file is Rollup.OutputChunk {
  return file.type === 'chunk';
}

/**
 * Build-only changes to index.html for a fast first paint:
 *
 * - the entry's CSS is inlined: no stylesheet request stands between the HTML and the static home
 *   page in it (the same rules the app uses, so nothing moves when React takes over);
 * - Vite's entry script and modulepreload tags make way for the inline script, which gets their
 *   hashed names, plus those of the home page's chunks and of each language's texts. It preloads
 *   exactly what the first render waits for and starts the app once the static page has painted.
 */
export function firstPaint({
  homeModule,
  routeModules = {},
  languages,
  tags,
  rtl,
}: {
  homeModule: string;
  /** Path → the page module a visit to that path renders first (e.g. /market, the trading page). */
  routeModules?: Record<string, string>;
  languages: readonly string[];
  tags: Record<string, string>;
  rtl: readonly string[];
}): Plugin {
  let base = '/';
  return {
    name: 'openbourse:first-paint',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const url = (file: string) => `${base}${file}`;
        const chunks = Object.values(bundle).filter(isChunk);
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (start: string[], into = new Set<string>()) => {
          for (const file of start) {
            if (into.has(file)) continue;
            into.add(file);
            closure(byFile.get(file)?.imports ?? [], into);
          }
          return into;
        };
        const entry = chunks.find((c) => c.isEntry);
        const home = chunks.find((c) => c.facadeModuleId?.endsWith(homeModule));
        if (!entry || !home) throw new Error(`[first-paint] entry or ${homeModule} not found in the bundle`);
        const eager = closure([entry.fileName]);

        const assets: FirstPaintAssets = {
          entry: url(entry.fileName),
          preload: [...eager].filter((f) => f !== entry.fileName).map(url),
          langs: languages,
          tags,
          rtl,
          app: {},
          errors: {},
          home: [...closure([home.fileName])].filter((f) => !eager.has(f)).map(url),
          routes: {},
        };
        for (const [path, module] of Object.entries(routeModules)) {
          const page = chunks.find((c) => c.facadeModuleId?.endsWith(module));
          if (!page) throw new Error(`[first-paint] ${module} not found in the bundle`);
          assets.routes[path] = [...closure([page.fileName])].filter((f) => !eager.has(f)).map(url);
        }
        for (const chunk of chunks) {
          const match = chunk.facadeModuleId?.match(/\/messages\/([\w-]+)\/(app|errors)\.json$/);
          if (match?.[1] && match[2]) assets[match[2] as 'app' | 'errors'][match[1]] = url(chunk.fileName);
        }

        let out = html.replace(/<link rel="stylesheet"[^>]*? href="([^"]+\.css)"[^>]*>/g, (tag, href: string) => {
          const asset = bundle[href.slice(base.length)];
          if (asset?.type !== 'asset') return tag;
          return `<style>${String(asset.source).trim()}</style>`;
        });
        const removed: string[] = [];
        out = out.replace(
          /\s*<(?:script type="module"[^>]*? src|link rel="modulepreload"[^>]*? href)="([^"]+)"[^>]*>(?:<\/script>)?/g,
          (_tag, src: string) => {
            removed.push(src);
            return '';
          },
        );
        const expected = [assets.entry, ...assets.preload].sort();
        if (JSON.stringify([...removed].sort()) !== JSON.stringify(expected)) {
          throw new Error(
            `[first-paint] unexpected script tags: ${removed.join(', ')} (expected ${expected.join(', ')})`,
          );
        }
        if (!out.includes(FIRST_PAINT_PLACEHOLDER)) {
          throw new Error(`[first-paint] index.html lacks ${FIRST_PAINT_PLACEHOLDER}`);
        }
        return out.replace(FIRST_PAINT_PLACEHOLDER, JSON.stringify(assets));
      },
    },
  };
}
