import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/shared/test/mock-api';
import { baseHandlers, renderApp } from '@/shared/test/render-app';
import { type BeforeInstallPromptEvent, installStore, isIos } from '../lib/install';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

afterEach(() => installStore.set({ prompt: null, installed: false }));

describe('/download', () => {
  it('tells iPhone and iPad (iPadOS says Macintosh, with touch) apart from other systems', () => {
    expect(isIos(IPHONE, 5)).toBe(true);
    expect(isIos('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 5)).toBe(true);
    expect(isIos('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 0)).toBe(false);
    expect(isIos('Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36', 5)).toBe(false);
  });

  it('offers Chromium’s install prompt behind its button, and says so once installed', async () => {
    mockApi({ ...baseHandlers });
    await renderApp('/download');
    const card = await screen.findByTestId('download-card');
    expect(card).toHaveAttribute('data-mode', 'manual');
    const prompt = vi.fn(async () => undefined);
    // The page keeps the event for its button (the browser's own mini-bar is held back). Its
    // listener is added by an effect, which on a busy machine can run after the card is in the
    // DOM: the browser's event is sent again until it is kept.
    await waitFor(() => {
      const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt,
        userChoice: Promise.resolve({ outcome: 'accepted' as const }),
      }) as BeforeInstallPromptEvent;
      act(() => {
        window.dispatchEvent(event);
      });
      expect(event.defaultPrevented).toBe(true);
    });
    fireEvent.click(await screen.findByTestId('download-install'));
    await waitFor(() => expect(prompt).toHaveBeenCalledOnce());
    expect(await screen.findByTestId('download-installed')).toBeInTheDocument();
  });

  it('explains Share → Add to Home Screen on an iPhone', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    mockApi({ ...baseHandlers });
    await renderApp('/download');
    expect(await screen.findByTestId('download-ios')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Get the OpenBourse app');
  });
});
