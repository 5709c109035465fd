// First: before any schema is built (see the file).
import '@/shared/lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter, whenRouterReady } from '@/app/router';
import { homeStatsQuery } from '@/features/home/api/get-home-stats';
import { marketListQuery, marketTypeOfSearch } from '@/features/market/api/list-market-by-type';
import { paramQuery } from '@/shared/api/get-param';
import { loadLanguage } from '@/shared/i18n/i18n';
import { whenIdle, yieldToMain } from '@/shared/lib/idle';
import { watchLayout } from '@/shared/lib/layout';
import { connectLiveFeed, liveFeedUrl } from '@/shared/lib/live-feed';
import { applyQuoteBatch } from '@/shared/lib/live-quotes';
import { handlePush } from '@/shared/lib/order-push';
import { sessionStore } from '@/shared/session/session-store';
import { browserSessionChannel, syncSessionAcrossTabs } from '@/shared/session/session-sync';
import '@openbourse/ui/tokens.css';
import '@openbourse/ui/controls.css';
import '@/shared/styles/base.css';
import '@/shared/styles/components.css';
import '@/app/layout/shell.css';
// The home hero is pre-rendered in index.html (the static first paint), so its styles ship with the
// entry's CSS, which the build inlines into index.html.
import '@/features/home/home.css';

/** How long the first render waits for the first answers beyond the code and texts. */
const FIRST_DATA_WAIT_MS = 800;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Starts the app. Each step is short and the steps run as separate tasks (yieldToMain), so the
 * page stays responsive while the app boots behind the static first paint.
 */
async function boot() {
  watchLayout((metrics) => sessionStore.setWindow(metrics.widthPx, metrics.isDesktop));
  // A tab opened signed out asks the browser session's other tabs for their sign-in now, so the
  // answer is usually in before the first render.
  const channel = browserSessionChannel();
  if (channel) syncSessionAcrossTabs(sessionStore, channel);
  const texts = loadLanguage(sessionStore.getState().language).catch((error: unknown) =>
    console.error('[i18n] could not load texts', error),
  );
  await yieldToMain();

  // React Router numbers the history entries (history.state.idx; the mobile back button reads it)
  // and writes the first one as it starts. That write waits on the browser, so it gets a task here.
  const entry = window.history.state as { idx?: number } | null;
  if (entry?.idx == null) window.history.replaceState({ ...entry, idx: 0 }, '');
  await yieldToMain();

  // Creating the router starts loading the current page's code (index.html preloads it for "/").
  const router = createAppRouter();
  const pageCode = whenRouterReady(router);
  await yieldToMain();

  // The calls the first screen needs start now, beside the page's code and texts, not after the
  // first render. The site name is in every shell; the rest only on the home page.
  const queryClient = createQueryClient();
  const firstData = [queryClient.prefetchQuery(paramQuery('site_name'))];
  if (window.location.pathname === '/') {
    await yieldToMain();
    firstData.push(queryClient.prefetchQuery(homeStatsQuery));
    await yieldToMain();
    firstData.push(queryClient.prefetchQuery(paramQuery('down_url')));
  } else if (window.location.pathname === '/market') {
    // The trading page's list is in its first commit: painted once, nothing moves when it arrives.
    const type = marketTypeOfSearch(window.location.search);
    if (type) firstData.push(queryClient.prefetchQuery(marketListQuery(type)));
  }

  // The first render waits for the texts and the page's code, so it paints the finished page in one
  // commit: the static first paint (or the boot mark) is replaced once, with no loader in between.
  // It also waits a little for the first answers (they rarely take longer than the code), so they
  // are in that commit instead of arriving as updates that move things.
  await Promise.all([texts, pageCode, Promise.race([Promise.all(firstData), delay(FIRST_DATA_WAIT_MS)])]);
  const root = createRoot(document.getElementById('root') as HTMLElement);
  // A transition lets React render in small slices instead of one long task.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    );
  });
  // The quote feed opens at start (spec §7), once the first render is done; market pages read the
  // latest tick per instrument.
  // A signed-in socket also receives the user's order pushes; it signs in again when the session changes.
  whenIdle(() => {
    const feed = connectLiveFeed({
      url: liveFeedUrl(),
      onQuotes: applyQuoteBatch,
      getToken: () => sessionStore.getState().token,
      onMessage: (message) => handlePush(message, queryClient),
    });
    let token = sessionStore.getState().token;
    sessionStore.subscribe(() => {
      const next = sessionStore.getState().token;
      if (next !== token) {
        token = next;
        feed.reauth();
      }
    });
  });
}

void boot();
