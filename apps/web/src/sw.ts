/**
 * The service worker (built by vite-plugin-pwa's injectManifest into dist/sw.js, scope "/"):
 *
 * - precaches the app's shell and static files (hashed JS/CSS, fonts, icons, the offline page) at
 *   install, by the build's list, and answers them from the cache; a new version's files are
 *   fetched while the old version still runs;
 * - never touches the API (/swx/…), the socket (/message), the back office (/admin/) or anything
 *   not on the list: those requests go to the network as if there were no worker;
 * - page loads go to the network; when it is down, the offline page (translated) answers;
 * - waits for the page's "reload" (SKIP_WAITING) before taking over, so one tab never runs two
 *   versions' files;
 * - shows web pushes as notifications and, on click, focuses the app's window at the page (or opens one).
 */

// The parts of the service-worker scope this file uses (the web app's TS program has the DOM lib,
// which does not declare them).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly preloadResponse: Promise<Response | undefined>;
  respondWith(response: Response | Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown; text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  readonly registration: ServiceWorkerRegistration & {
    navigationPreload?: { enable(): Promise<void> };
  };
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
    claim(): Promise<void>;
  };
  readonly location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}

const sw = self as unknown as WorkerScope;

/** The build's list: vite-plugin-pwa (injectManifest) replaces this exact expression with it. */
// @ts-expect-error The DOM lib's `self` is a Window; the build looks for this literal expression.
const MANIFEST: { url: string; revision: string | null }[] = self.__WB_MANIFEST;
const PRECACHE = 'ob-precache-v1';
const OFFLINE_URL = '/offline.html';
/** Never the worker's business: the API, the socket, the back office, the health check, the API docs. */
const PASS_THROUGH = /^\/(swx|message|admin|healthz)(\/|$)/;

/** url → the cache key of this version's copy (the revision busts what is not hashed by name). */
const KEYS = new Map<string, string>();
for (const entry of MANIFEST) {
  const url = new URL(entry.url, sw.location.href);
  const key = new URL(url);
  if (entry.revision) key.searchParams.set('__rev', entry.revision);
  KEYS.set(url.href, key.href);
}

sw.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(PRECACHE);
      const cached = new Set((await cache.keys()).map((r) => r.url));
      await Promise.all(
        [...KEYS].map(async ([url, key]) => {
          if (cached.has(key)) return;
          const res = await fetch(url, { cache: 'reload', credentials: 'same-origin' });
          if (!res.ok) throw new Error(`precache: ${url} answered ${res.status}`);
          await cache.put(key, res);
        }),
      );
    })(),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set(KEYS.values());
      const cache = await caches.open(PRECACHE);
      for (const req of await cache.keys()) if (!keep.has(req.url)) await cache.delete(req);
      for (const name of await caches.keys()) if (name !== PRECACHE) await caches.delete(name);
      await sw.registration.navigationPreload?.enable().catch(() => undefined);
      // The first version takes the open tabs at once (they run no other); later ones come by reload.
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void sw.skipWaiting();
});

async function fromPrecache(url: string): Promise<Response | undefined> {
  const key = KEYS.get(url);
  if (!key) return undefined;
  return (await caches.open(PRECACHE)).match(key);
}

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin || PASS_THROUGH.test(url.pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      (async () => {
        try {
          return (await event.preloadResponse) ?? (await fetch(request));
        } catch {
          // No network: the offline page, in the visitor's language (offline.js picks it).
          return (await fromPrecache(new URL(OFFLINE_URL, sw.location.href).href)) ?? Response.error();
        }
      })(),
    );
    return;
  }
  url.search = '';
  if (!KEYS.has(url.href) || url.href !== request.url) return;
  event.respondWith((async () => (await fromPrecache(url.href)) ?? fetch(request))());
});

/** What the server pushes (packages/contracts push.ts PushMessage): texts in the subscriber's language. */
interface PushMessage {
  id: number;
  title: string;
  body: string;
  url: string;
}

sw.addEventListener('push', (event) => {
  let message: PushMessage | null = null;
  try {
    message = event.data ? (event.data.json() as PushMessage) : null;
  } catch {
    message = null;
  }
  if (!message?.title) return;
  event.waitUntil(
    sw.registration.showNotification(message.title, {
      body: message.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-72.png',
      tag: `notification-${message.id}`,
      data: { url: message.url },
    }),
  );
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: string } | null)?.url ?? '/profile/notification';
  // Only a page of this site: the push names a path.
  const target = new URL(path.startsWith('/') ? path : '/profile/notification', sw.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => w.url === target) ?? windows[0];
      if (open) {
        const focused = await open.focus();
        if (focused.url !== target) await focused.navigate(target).catch(() => null);
        return;
      }
      await sw.clients.openWindow(target);
    })(),
  );
});
