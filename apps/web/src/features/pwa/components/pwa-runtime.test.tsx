import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/shared/test/mock-api';
import { baseHandlers, renderApp } from '@/shared/test/render-app';
import { updateStore } from '../lib/service-worker';

afterEach(() => updateStore.set({ waiting: false }));

describe('a new version of the app', () => {
  it('is offered with "Reload", never swapped in unasked; "Later" hides the offer', async () => {
    mockApi({ ...baseHandlers });
    await renderApp('/download');
    expect(screen.queryByTestId('pwa-update')).toBeNull();
    act(() => updateStore.set({ waiting: true }));
    const offer = await screen.findByTestId('pwa-update');
    expect(offer).toHaveTextContent('A new version of the app is available.');
    // Without a worker (tests, development) "Reload" reloads the page.
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    fireEvent.click(screen.getByTestId('pwa-update-reload'));
    expect(reload).toHaveBeenCalledOnce();
    vi.restoreAllMocks();
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByTestId('pwa-update')).toBeNull());
  }, 20_000);
});
