import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/shared/test/mock-api';
import { baseHandlers, renderApp } from '@/shared/test/render-app';

describe('notifications on this device', () => {
  it('says when the browser has no web push, and offers no switch', async () => {
    // jsdom has no service worker or PushManager.
    mockApi({ ...baseHandlers });
    await renderApp('/profile/push', { loggedIn: true });
    const settings = await screen.findByTestId('push-settings');
    expect(settings).toHaveAttribute('data-state', 'unsupported');
    expect(screen.getByTestId('push-state')).toHaveTextContent('Not supported');
    expect(screen.queryByTestId('push-on')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Notifications on this device');
  });
});
