import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { InstrumentActionsProvider } from '@/shared/components/instrument-actions';
import { i18n } from '@/shared/i18n/i18n';
import type { createAppRouter } from './router';

/** What other features add to an instrument's header (loaded with the first instrument opened). */
const INSTRUMENT_ACTIONS = [lazy(() => import('@/features/watchlist/components/price-alert-action'))];

export function App({ queryClient, router }: { queryClient: QueryClient; router: ReturnType<typeof createAppRouter> }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <InstrumentActionsProvider value={INSTRUMENT_ACTIONS}>
          <RouterProvider router={router} />
        </InstrumentActionsProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
