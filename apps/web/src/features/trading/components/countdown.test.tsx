import { DAY_MS } from '@openbourse/money';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadLanguage } from '@/shared/i18n/i18n';
import { Countdown } from './countdown';

describe('Countdown', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down within the day even when the device clock is days behind and a tick late', async () => {
    await loadLanguage('en');
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const t0 = Date.UTC(2026, 10, 27, 12, 0, 0);
    vi.setSystemTime(t0);
    const at = t0 + 2 * DAY_MS + 60 * 60_000; // the server is two days ahead: the payout is 2 d 1 h away here
    const { rerender } = render(<Countdown at={at} testId="cd" />);
    expect(screen.getByTestId('cd').textContent).toMatch(/in\s.*23:59:59/);
    // The payout time moves on (a refetch) more than a tick after the last one: still within the day.
    vi.setSystemTime(t0 + 1500);
    rerender(<Countdown at={at + DAY_MS} testId="cd" />);
    expect(screen.getByTestId('cd').textContent).not.toMatch(/\bd\b/);
    expect(screen.getByTestId('cd').textContent).toMatch(/23:59:59/);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByTestId('cd').textContent).toMatch(/23:59:58/);
  });
});
