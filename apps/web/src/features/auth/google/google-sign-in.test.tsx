import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '@/shared/test/mock-api';
import { sessionStore } from '@/shared/session/session-store';
import { baseHandlers, demoUser, renderApp } from '@/shared/test/render-app';

const session = () => ok({ token: 'google-token', expiresAt: '2026-12-27T10:00:00.000Z', user: demoUser });
const link = {
  linkRequired: {
    ticket: 'ticket-1',
    email: 'd***@example.com',
    methods: ['password', 'emailCode'],
    expiresAt: '2026-11-27T10:10:00.000Z',
  },
};

// The first render loads the lazy pages: slow on a busy machine.
describe('Google sign-in', { timeout: 30_000 }, () => {
  it('is not offered until a provider is configured', async () => {
    mockApi({ ...baseHandlers, 'GET login/providers': () => ok({ providers: [] }) });
    await renderApp('/pass/login');
    await screen.findByTestId('login-submit');
    expect(screen.queryByTestId('google-continue')).toBeNull();
  });

  it('is offered on the login page when configured and starts the attempt on the server', async () => {
    const api = mockApi({
      ...baseHandlers,
      'GET login/providers': () => ok({ providers: ['google'] }),
      'POST login/google/start': () => ok({ url: 'about:blank#google', expiresAt: '2026-11-27T10:10:00.000Z' }),
    });
    await renderApp('/pass/login');
    fireEvent.click(await screen.findByTestId('google-continue'));
    await waitFor(() => expect(api.callsTo('login/google/start')).toHaveLength(1));
  });

  it.each([
    ['/pass/login', 1366, true],
    ['/pass/login', 390, false],
    ['/pass/register', 1366, true],
    ['/pass/register', 390, false],
  ])('%s at %ipx: one “or” before the wallet hint and Google', async (path, width, desktop) => {
    mockApi({ ...baseHandlers, 'GET login/providers': () => ok({ providers: ['google'] }) });
    sessionStore.setWindow(width, desktop);
    await renderApp(path);
    await screen.findByTestId('google-continue');
    expect(screen.getByTestId('wallet-hint')).toBeInTheDocument();
    expect(screen.getAllByText('or', { exact: true })).toHaveLength(1);
  });

  it('the callback posts the code and state once and signs in', async () => {
    const api = mockApi({ ...baseHandlers, 'POST login/loginByGoogle': session });
    await renderApp('/api/loginCallback/google?code=c0de&state=st4te&iss=https%3A%2F%2Faccounts.google.com');
    await waitFor(() => expect(api.callsTo('login/loginByGoogle')).toHaveLength(1));
    expect(api.callsTo('login/loginByGoogle')[0]?.body).toEqual({
      code: 'c0de',
      state: 'st4te',
      iss: 'https://accounts.google.com',
    });
    await waitFor(() => expect(sessionStorage.getItem('ob.token')).toBe('google-token'));
  });

  it.each([
    ['desktop', 1366, true],
    ['mobile', 390, false],
  ])(
    'the callback returns to where the user was going, a signed-in page, in the %s layout',
    async (_, width, desktop) => {
      mockApi({ ...baseHandlers, 'POST login/loginByGoogle': session });
      sessionStore.setWindow(width, desktop);
      sessionStorage.setItem('google-signin-redirect', '/profile/info');
      const { router } = await renderApp('/api/loginCallback/google?code=c0de&state=st4te');
      // The session is stored before the page is left: the account centre's guard lets the user in.
      await waitFor(() => expect(router.state.location.pathname).toBe('/profile/info'));
      expect(sessionStorage.getItem('ob.token')).toBe('google-token');
      expect(sessionStore.getState()).toMatchObject({ isLoggedIn: true, user: demoUser });
      expect(await screen.findByTestId('user-details')).toHaveTextContent('demo@example.com');
      expect(router.state.location.pathname).toBe('/profile/info');
    },
  );

  it.each([
    ['a first Google sign-in that made the account welcomes a new user', true, 'Welcome, demo. Your account is ready.'],
    ['a Google account known here is welcomed back', false, 'Welcome back, demo'],
  ])('%s', async (_, created, greeting) => {
    mockApi({
      ...baseHandlers,
      'POST login/loginByGoogle': () =>
        ok({
          token: 'google-token',
          expiresAt: '2026-12-27T10:00:00.000Z',
          user: demoUser,
          ...(created ? { created } : {}),
        }),
    });
    const { router } = await renderApp('/api/loginCallback/google?code=c0de&state=st4te');
    expect(await screen.findByText(greeting)).toBeInTheDocument();
    expect(screen.queryByText(created ? /Welcome back/ : /Your account is ready/)).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('the callback and the link page are auth pages in the mobile layout: no tab bar, no “Log in”', async () => {
    mockApi({ ...baseHandlers, 'POST login/loginByGoogle': () => ok(link) });
    sessionStore.setWindow(390, false);
    sessionStore.dismissBoard();
    await renderApp('/api/loginCallback/google?code=c0de&state=st4te');
    expect(await screen.findByTestId('google-link')).toBeInTheDocument();
    expect(screen.queryByTestId('tab-home')).toBeNull();
    expect(screen.queryByTestId('nav-login')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    // The top bar keeps its way back and the language.
    expect(screen.getByTestId('back-button')).toBeInTheDocument();
    expect(screen.getByTestId('lang-button')).toBeInTheDocument();
  });

  it('on the desktop the callback page has the focused header, without the main navigation', async () => {
    mockApi({ ...baseHandlers, 'POST login/loginByGoogle': () => ok(link) });
    sessionStore.setWindow(1366, true);
    await renderApp('/api/loginCallback/google?code=c0de&state=st4te');
    expect(await screen.findByTestId('google-link')).toBeInTheDocument();
    expect(screen.queryByTestId('nav-market')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('a refused callback says why and leads back to log in', async () => {
    mockApi({
      ...baseHandlers,
      'POST login/loginByGoogle': () => fail(40101, 'This sign-in was not started here or has already been used'),
    });
    await renderApp('/api/loginCallback/google?code=c0de&state=used');
    expect(await screen.findByTestId('google-callback-failed')).toHaveTextContent('already been used');
    expect(screen.getByTestId('callback-login')).toBeInTheDocument();
  });

  it('Google cancelled: no call, a message', async () => {
    const api = mockApi({ ...baseHandlers });
    await renderApp('/api/loginCallback/google?error=access_denied&state=x');
    expect(await screen.findByTestId('google-callback-failed')).toHaveTextContent('Google did not sign you in');
    expect(api.callsTo('login/loginByGoogle')).toHaveLength(0);
  });

  it('an address with an account: proved by the password, then signed in', async () => {
    const api = mockApi({
      ...baseHandlers,
      'POST login/loginByGoogle': () => ok(link),
      'POST login/google/link': (call) =>
        (call.body as { password?: string }).password === 'Right1234'
          ? session()
          : fail(10004, 'The password is wrong', { field: 'password' }),
    });
    await renderApp('/api/loginCallback/google?code=c0de&state=st4te');
    expect(await screen.findByTestId('google-link')).toHaveTextContent('d***@example.com');
    fireEvent.change(screen.getByTestId('google-link-password'), { target: { value: 'Wrong1234' } });
    fireEvent.click(screen.getByTestId('google-link-submit'));
    expect(
      await screen.findByText('The password is wrong', { selector: '.field__error, [id$="-error"]' }),
    ).toBeTruthy();
    fireEvent.change(screen.getByTestId('google-link-password'), { target: { value: 'Right1234' } });
    fireEvent.click(screen.getByTestId('google-link-submit'));
    await waitFor(() => expect(sessionStorage.getItem('ob.token')).toBe('google-token'));
    expect(api.callsTo('login/google/link')[1]?.body).toEqual({
      method: 'password',
      ticket: 'ticket-1',
      password: 'Right1234',
    });
  });

  it('an address with an account: proved by a mailed code', async () => {
    const api = mockApi({
      ...baseHandlers,
      'POST login/loginByGoogle': () => ok(link),
      'POST login/google/linkCode': () =>
        ok({ resendAfterSeconds: 60, expiresInSeconds: 600, sentTo: 'd***@example.com' }),
      'POST login/google/link': session,
    });
    await renderApp('/api/loginCallback/google?code=c0de&state=st4te');
    fireEvent.click(await screen.findByTestId('google-link-tab-code'));
    fireEvent.click(screen.getByTestId('google-link-send-code'));
    await waitFor(() => expect(api.callsTo('login/google/linkCode')).toHaveLength(1));
    fireEvent.change(screen.getByTestId('google-link-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('google-link-submit'));
    await waitFor(() => expect(api.callsTo('login/google/link')).toHaveLength(1));
    expect(api.callsTo('login/google/link')[0]?.body).toEqual({
      method: 'emailCode',
      ticket: 'ticket-1',
      code: '123456',
    });
  });
});
