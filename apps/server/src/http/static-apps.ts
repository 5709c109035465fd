/**
 * The two browser apps this server hands out: the user app at `/` (WEB_DIST) and the back office
 * console at `/admin/` (ADMIN_DIST), each from its built folder, pre-compressed, hashed assets cached
 * for a year and index.html always revalidated; a client-side route of either app gets its
 * index.html. A missing file (under assets/, or any path with an extension) and everything else
 * unknown is the API's 404 in the catalogue's envelope.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import type { FastifyInstance } from 'fastify';
import { send } from './error-handler.ts';
import { AppError } from './errors.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../../web/dist');
export const DEFAULT_ADMIN_DIST = path.resolve(here, '../../../admin/dist');

export const ADMIN_PREFIX = '/admin/';

function setHeaders(res: { setHeader(name: string, value: string): unknown }, filePath: string) {
  // A pre-compressed file is served as its .br/.gz sibling; the rules go by the original name.
  const file = filePath.replace(/\.(br|gz)$/, '');
  // Hashed assets never change; index.html must always be revalidated.
  if (file.includes(`${path.sep}assets${path.sep}`)) {
    res.setHeader('cache-control', 'public, max-age=31536000, immutable');
  } else if (file.endsWith('.html') || file.endsWith(`${path.sep}sw.js`)) {
    // The service worker too: browsers check it for a new version on each visit, and a cached copy
    // would keep users on the old app.
    res.setHeader('cache-control', 'no-cache');
  } else {
    res.setHeader('cache-control', 'public, max-age=3600');
  }
  // The encoding depends on Accept-Encoding; shared caches must keep the variants apart.
  res.setHeader('vary', 'Accept-Encoding');
}

export async function registerStaticApps(app: FastifyInstance, dirs: { webDist: string; adminDist: string }) {
  const webIndex = path.join(dirs.webDist, 'index.html');
  const adminIndex = path.join(dirs.adminDist, 'index.html');
  const hasWeb = fs.existsSync(webIndex);
  const hasAdmin = fs.existsSync(adminIndex);
  // Cache-Control comes from setHeaders alone: with the plugin's own (maxAge) it overwrote these.
  const common = { wildcard: false, preCompressed: true, cacheControl: false, setHeaders } as const;

  if (hasWeb) await app.register(fastifyStatic, { ...common, root: dirs.webDist });
  if (hasAdmin) {
    await app.register(fastifyStatic, {
      ...common,
      root: dirs.adminDist,
      prefix: ADMIN_PREFIX,
      decorateReply: !hasWeb,
    });
    // "/admin" without the slash is the console too.
    app.get('/admin', { schema: { hide: true } }, (_req, reply) => reply.redirect(ADMIN_PREFIX, 301));
  }

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isApi = url.startsWith('/swx/') || url === '/message' || url === '/healthz';
    // A missing build file (an old tab asking for a chunk of the build before) is a 404, never the
    // index page: served as a script, HTML would leave the tab blank instead of failing loudly.
    const isFile = /\/assets\//.test(url) || /\.[a-z0-9]{1,8}$/i.test(url);
    if (!isApi && !isFile && req.method === 'GET') {
      // Client-side routes: the SPA decides (unknown paths have their own page there).
      if (url.startsWith(ADMIN_PREFIX)) {
        if (hasAdmin) return reply.header('cache-control', 'no-cache').sendFile('index.html', dirs.adminDist);
      } else if (hasWeb) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html', dirs.webDist);
      }
    }
    return send(req, reply.status(404), new AppError(ErrorCode.RouteNotFound, { httpStatus: 404 }));
  });
}
