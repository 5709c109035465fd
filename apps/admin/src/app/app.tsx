import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ApiError } from '@/shared/api';
import { createConsoleRouter } from './router';

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: false,
        // A refusal from the server (a catalogue code) will not change on retry; a network error may.
        retry: (count, error) => !(error instanceof ApiError && error.kind !== 'network') && count < 2,
      },
    },
  });
}

export function App() {
  const [client] = useState(createQueryClient);
  const [router] = useState(createConsoleRouter);
  return (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
