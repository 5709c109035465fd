import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/shared/session/session-store';
import { fail, mockApi, ok } from '@/shared/test/mock-api';
import { baseHandlers, demoUser, renderApp } from '@/shared/test/render-app';

const challenge = {
  twoFactor: { ticket: 'tkt', methods: ['totp', 'recovery'], expiresAt: '2026-11-27T12:05:00.000Z' },
};

async function signInWithPassword() {
  const view = await renderApp('/pass/login?redirect=%2Fprofile%2Fbalance');
  fireEvent.change(await screen.findByTestId('login-username'), { target: { value: 'demo' } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Demo12345' } });
  fireEvent.click(screen.getByTestId('login-submit'));
  await waitFor(() => expect(view.router.state.location.pathname).toBe('/pass/two-factor'));
  return view;
}

describe('two-factor sign-in step', () => {
  it('asks for the code after the password, says a wrong one, and signs in with the right one', async () => {
    let tries = 0;
    const api = mockApi({
      ...baseHandlers,
      'POST login/login': () => ok(challenge),
      'POST twofactor/signIn': (call) => {
        tries += 1;
        const body = call.body as { proof: { code: string } };
        return body.proof.code === '123456'
          ? ok({ token: 'tok-2fa', expiresAt: '2026-12-01T00:00:00.000Z', user: demoUser })
          : fail(40121, 'The code, passkey or recovery code is wrong, expired or already used', { field: 'proof' });
      },
    });
    const { router } = await signInWithPassword();
    expect(sessionStore.getState().isLoggedIn).toBe(false);
    fireEvent.change(await screen.findByTestId('two-factor-code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('two-factor-submit'));
    expect(await screen.findByText(/wrong, expired or already used/)).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('two-factor-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('two-factor-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/balance'));
    expect(sessionStore.getState().isLoggedIn).toBe(true);
    expect(tries).toBe(2);
    expect(api.callsTo('twofactor/signIn')[1]?.body).toEqual({
      ticket: 'tkt',
      proof: { method: 'totp', code: '123456' },
    });
  }, 15_000);

  it('takes a recovery code instead, and goes back to the password when the ticket expired', async () => {
    const api = mockApi({
      ...baseHandlers,
      'POST login/login': () => ok(challenge),
      'POST twofactor/signIn': () => fail(40122, 'This sign-in has expired. Please sign in again'),
    });
    const { router } = await signInWithPassword();
    fireEvent.click(await screen.findByTestId('two-factor-use-recovery'));
    fireEvent.change(screen.getByTestId('two-factor-code'), { target: { value: 'abcde-fghjk' } });
    fireEvent.click(screen.getByTestId('two-factor-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pass/login'));
    expect(api.callsTo('twofactor/signIn')[0]?.body).toEqual({
      ticket: 'tkt',
      proof: { method: 'recovery', code: 'abcde-fghjk' },
    });
  }, 15_000);

  it('without a challenge goes to the login page', async () => {
    mockApi(baseHandlers);
    const { router } = await renderApp('/pass/two-factor');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pass/login'));
  });
});
