import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * The HTTP security headers of every answer (the API's, the web app's files, the SPA fallback):
 *
 * - a strict Content-Security-Policy: everything from this origin only, no inline script but the
 *   built index.html's own (allowed by hash), no plugins, no framing, no <base> or form target
 *   elsewhere;
 * - X-Frame-Options DENY (with frame-ancestors 'none': the trading UI is never framed, no
 *   clickjacking), X-Content-Type-Options nosniff, Referrer-Policy strict-origin-when-cross-origin,
 *   Cross-Origin-Opener-Policy and Cross-Origin-Resource-Policy same-origin (helmet's defaults for
 *   the rest);
 * - Strict-Transport-Security only on a request that came over TLS (`req.protocol`, which follows
 *   X-Forwarded-Proto only from a trusted proxy): on plain http it would be ignored at best, and a
 *   self-hosted server reached over http must keep working;
 * - Cache-Control: no-store on every API answer (/swx/...): they carry session tokens, balances and
 *   other private data no cache may keep. A route that sets its own Cache-Control keeps it, and the
 *   web app's files keep theirs (app.ts, @fastify/static's setHeaders).
 */
export interface SecurityHeadersOptions {
  /** The built web app's directory; its index.html's inline blocks are allowed by hash. */
  webDist: string;
}

export const HSTS = 'max-age=31536000; includeSubDomains';

export async function registerSecurityHeaders(app: FastifyInstance, { webDist }: SecurityHeadersOptions) {
  const inline = inlineHashesOf(path.join(webDist, 'index.html'));

  // Helmet's middleware is built once: @fastify/helmet built it again on every request (parsing
  // the directives each time), a tenth of a cached API answer's time. The directives that depend
  // on index.html are functions, evaluated per request from the cached hashes.
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        // The inline boot script of index.html (layout, first paint, loading the app); the app's
        // modules are files from this origin, which that script and Vite's preloader insert.
        'script-src': [() => ["'self'", ...inline().scripts].join(' ')],
        'script-src-attr': ["'none'"],
        // The app's CSS is inlined into index.html as <style> blocks by the build
        // (vite-plugin-first-paint.ts): allowed by hash. Lazy routes' CSS files come from 'self'.
        // React's style={{…}} props and the boot script's root.style are set through the CSSOM,
        // which CSP does not govern: no 'unsafe-inline' is needed.
        'style-src': [() => ["'self'", ...inline().styles].join(' ')],
        // The static copy of the home page in index.html (painted before any JavaScript runs) is
        // React's markup, so it holds a few style="…" attributes (the loading figures' size).
        // 'unsafe-hashes' lets exactly those attribute values through, by hash, and no other: an
        // injected style attribute is still refused. Without such attributes, none is allowed.
        'style-src-attr': [() => inline().styleAttrs],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        // 'self' covers the same host's ws:/wss: (CSP Level 3): the /message WebSocket connects.
        'connect-src': ["'self'"],
        // The installable app: its service worker (/sw.js) and manifest (/manifest.webmanifest).
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Sent below, over TLS only (helmet would send it on every answer).
    strictTransportSecurity: false,
  });
  // Helmet decides the headers; they depend only on index.html's hashes, so they are computed once
  // per version of the file and then set on each answer as they are (helmet per request cost more
  // CPU than an order's own work on the money path).
  let computed: { for: InlineHashes; headers: [string, string][] } | null = null;
  const headerSet = (): [string, string][] => {
    const hashes = inline();
    if (computed?.for === hashes) return computed.headers;
    const captured = new Map<string, string>();
    const res = {
      setHeader: (name: string, value: string | number | readonly string[]) =>
        captured.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value)),
      removeHeader: (name: string) => captured.delete(name.toLowerCase()),
      getHeader: (name: string) => captured.get(name.toLowerCase()),
    };
    headers({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
    computed = { for: hashes, headers: [...captured] };
    return computed.headers;
  };

  app.addHook('onRequest', (req, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headerSet()) raw.setHeader(name, value);
    if (req.protocol === 'https') raw.setHeader('strict-transport-security', HSTS);
    // A route that sets its own Cache-Control (reply.header) overrides this when it answers.
    if (req.url.startsWith('/swx/')) raw.setHeader('cache-control', 'no-store');
    done();
  });
}

export interface InlineHashes {
  /** CSP sources ('sha256-…') of the inline <script> blocks. */
  scripts: string[];
  /** CSP sources of the <style> blocks. */
  styles: string[];
  /** The style-src-attr value: 'unsafe-hashes' and the style attributes' hashes, or 'none'. */
  styleAttrs: string;
}

const NONE: InlineHashes = { scripts: [], styles: [], styleAttrs: "'none'" };

/**
 * The hashes of index.html's inline blocks, computed when the server starts and again whenever the
 * file changes (a rebuild while the server runs), checked at most once a second. No file (an API-only
 * server, the tests): no inline block is allowed.
 */
export function inlineHashesOf(file: string, now: () => number = Date.now): () => InlineHashes {
  let current = NONE;
  let version = '';
  let checkedAt = Number.NEGATIVE_INFINITY;
  const refresh = () => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      version = '';
      current = NONE;
      return;
    }
    const next = `${stat.mtimeMs}:${stat.size}`;
    if (next === version) return;
    version = next;
    current = hashInlineBlocks(fs.readFileSync(file, 'utf8'));
  };
  return () => {
    const t = now();
    if (t - checkedAt >= 1000) {
      checkedAt = t;
      refresh();
    }
    return current;
  };
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The CSP hash sources of an HTML document's inline scripts, <style> blocks and style attributes. */
export function hashInlineBlocks(html: string): InlineHashes {
  // The HTML parser turns CRLF and CR into LF before the browser hashes an element's text.
  const doc = html.replace(/\r\n?/g, '\n');
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const attrs = new Set<string>();
  for (const m of doc.matchAll(/<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script\s*>/gi)) {
    // A script with src is a file from 'self', not inline text.
    if (!/(?:^|\s)src\s*=/i.test(m[1] ?? '')) scripts.add(sha256(m[2] ?? ''));
  }
  for (const m of doc.matchAll(/<style\b(?:[^>"']|"[^"]*"|'[^']*')*>([\s\S]*?)<\/style\s*>/gi)) {
    styles.add(sha256(m[1] ?? ''));
  }
  // Style attributes of the markup (not of the text of scripts, styles or comments).
  const markup = doc
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)\b(?:[^>"']|"[^"]*"|'[^']*')*>[\s\S]*?<\/\1\s*>/gi, '');
  for (const tag of markup.matchAll(/<[a-zA-Z][^\s/>]*((?:[^>"']|"[^"]*"|'[^']*')*)>/g)) {
    for (const a of (tag[1] ?? '').matchAll(/(?:^|\s)style\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi)) {
      attrs.add(sha256(decodeEntities(a[1] ?? a[2] ?? a[3] ?? '')));
    }
  }
  return {
    scripts: [...scripts],
    styles: [...styles],
    styleAttrs: attrs.size ? ["'unsafe-hashes'", ...attrs].join(' ') : "'none'",
  };
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** An attribute value as the browser reads it (and hashes it): character references decoded. */
function decodeEntities(value: string): string {
  return value.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (ref, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : ref;
    }
    return NAMED[body.toLowerCase()] ?? ref;
  });
}
