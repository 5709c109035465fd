import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyQuoteBatch } from '@/shared/lib/live-quotes';
import { STORAGE_KEYS, sessionStore } from '@/shared/session/session-store';
import { fail, mockApi, ok } from '@/shared/test/mock-api';
import { baseHandlers, demoUser, renderApp } from '@/shared/test/render-app';

const balances = (mode: 'real' | 'demo') =>
  ok({
    mode,
    balances: [
      {
        currency: 'USDT',
        name: 'Tether USD',
        available: mode === 'demo' ? '100000' : '12.5',
        locked: '0',
        total: mode === 'demo' ? '100000' : '12.5',
      },
    ],
  });

describe('home', () => {
  it('shows the live figures from getHomeStats, formatted', async () => {
    mockApi(baseHandlers);
    await renderApp('/');
    await waitFor(() => expect(screen.getByTestId('home-stat-volume')).toHaveTextContent('3.8B USDT'));
    expect(screen.getByTestId('home-stat-instruments')).toHaveTextContent('352');
    expect(screen.getByTestId('home-stat-users')).toHaveTextContent('1.2M');
    expect(screen.getByTestId('home-stat-fee')).toHaveTextContent('from 0.02%');
  });

  it('leads to notices, account, markets, loans, charity NFTs and smart trading', async () => {
    mockApi(baseHandlers);
    await renderApp('/');
    await screen.findByTestId('home-card-market');
    const targets = ['notice', 'account', 'market', 'loan', 'nfts', 'trading'].map((k) =>
      screen.getByTestId(`home-card-${k}`).getAttribute('href'),
    );
    expect(targets).toEqual(['/help/notice', '/profile', '/market', '/loan', '/nfts', '/trading']);
  });
});

describe('routing', () => {
  it('redirects unknown paths to home', async () => {
    mockApi(baseHandlers);
    const { router } = await renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends logged-out visitors of their own data to login, remembering where they were', async () => {
    mockApi(baseHandlers);
    const { router } = await renderApp('/profile/balance');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pass/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fprofile%2Fbalance');
  });

  it('shows an honest empty state when a market type has no instruments', async () => {
    mockApi({ ...baseHandlers, 'GET index/listMarketByType': () => ok([]) });
    await renderApp('/market');
    expect(await screen.findByText('No Forex markets are listed yet')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('market-tab-crypto'));
    expect(await screen.findByText('No Crypto markets are listed yet')).toBeInTheDocument();
  });

  it('lists the instruments of a market type and applies live ticks', async () => {
    const quote = {
      id: 11,
      code: 'BTCUSDT',
      name: 'Bitcoin',
      type: 2,
      last: '95000.00',
      bid: '94999.00',
      ask: '95001.00',
      change: '950.00',
      changePct: '1.01',
      high: '95500.00',
      low: '93000.00',
      volume: '10',
      ts: 1000,
      open: true,
      simulated: true,
      priceDecimals: 2,
    };
    const api = mockApi({
      ...baseHandlers,
      'GET index/listMarketByType': (call) => ok(call.query.get('type') === '2' ? [quote] : []),
    });
    await renderApp('/market');
    fireEvent.click(await screen.findByTestId('market-tab-crypto'));
    const row = await screen.findByTestId('market-row-BTCUSDT');
    expect(row).toHaveTextContent('95,000.00');
    expect(row).toHaveTextContent('+1.01%');
    expect(screen.getByTestId('market-simulated')).toBeInTheDocument();
    expect(api.callsTo('index/listMarketByType').map((c) => c.query.get('type'))).toContain('2');
    act(() => applyQuoteBatch([{ ...quote, last: '94000.50', changePct: '-1.05', ts: 2000 }]));
    expect(screen.getByTestId('market-row-BTCUSDT')).toHaveTextContent('94,000.50');
    expect(screen.getByTestId('market-row-BTCUSDT')).toHaveTextContent('-1.05%');
  });
});

describe('login', () => {
  it('logs in, stores the session and returns to the page the user came from', async () => {
    const api = mockApi({
      ...baseHandlers,
      'POST login/login': () => ok({ token: 'tok-1', expiresAt: '2099-01-01T00:00:00Z', user: demoUser }),
      'GET user/getBalances': () => balances('real'),
    });
    const { router } = await renderApp('/pass/login?redirect=%2Fprofile%2Fbalance');
    fireEvent.change(await screen.findByTestId('login-username'), { target: { value: 'demo' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Demo12345' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/balance'));
    expect(api.callsTo('login/login')[0]?.body).toEqual({ username: 'demo', password: 'Demo12345' });
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBe('tok-1');
    expect(sessionStorage.getItem(STORAGE_KEYS.loginFlag)).toBe('1');
    expect(sessionStore.getState().user?.username).toBe('demo');
    expect(await screen.findByTestId('balance-USDT')).toHaveTextContent('12.50');
    expect(api.callsTo('user/getBalances')[0]?.headers.Authorization).toBe('tok-1');
  });

  it("validates locally with the contract's catalogue texts before calling the server", async () => {
    const api = mockApi(baseHandlers);
    await renderApp('/pass/login');
    fireEvent.click(await screen.findByTestId('login-submit'));
    expect(await screen.findByText('Please enter your username or email')).toBeInTheDocument();
    expect(api.callsTo('login/login')).toHaveLength(0);
  });

  it("shows the server's message in a toast when login fails", async () => {
    mockApi({ ...baseHandlers, 'POST login/login': () => fail(10004, 'The password is wrong') });
    await renderApp('/pass/login');
    fireEvent.change(await screen.findByTestId('login-username'), { target: { value: 'demo' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('The password is wrong');
    expect(sessionStore.getState().isLoggedIn).toBe(false);
  });

  it('toggles the password visibility', async () => {
    mockApi(baseHandlers);
    await renderApp('/pass/login');
    const input = await screen.findByTestId('login-password');
    expect(input).toHaveAttribute('type', 'password');
    fireEvent.click(screen.getByTestId('login-toggle-password'));
    expect(input).toHaveAttribute('type', 'text');
  });
});

describe('register', () => {
  it('prefills the invite code and checks the password confirmation', async () => {
    const api = mockApi(baseHandlers);
    await renderApp('/pass/register?invite=FRIEND7');
    expect(await screen.findByTestId('register-invite')).toHaveValue('FRIEND7');
    fireEvent.change(screen.getByTestId('register-username'), { target: { value: 'alice_1' } });
    fireEvent.change(screen.getByTestId('register-email'), { target: { value: 'alice@example.com' } });
    fireEvent.change(screen.getByTestId('register-code'), { target: { value: '123456' } });
    fireEvent.change(screen.getByTestId('register-password'), { target: { value: 'Secret123' } });
    fireEvent.change(screen.getByTestId('register-confirm'), { target: { value: 'Secret124' } });
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('Password input is inconsistent')).toBeInTheDocument();
    expect(api.callsTo('login/register')).toHaveLength(0);
  });

  it('sends a code and counts down from resendAfterSeconds', async () => {
    const api = mockApi({
      ...baseHandlers,
      'POST login/sendCode': () => ok({ resendAfterSeconds: 60, expiresInSeconds: 600, sentTo: 'a***@example.com' }),
    });
    await renderApp('/pass/register');
    fireEvent.change(await screen.findByTestId('register-email'), { target: { value: 'alice@example.com' } });
    fireEvent.click(screen.getByTestId('register-send-code'));
    await waitFor(() => expect(screen.getByTestId('register-send-code')).toHaveTextContent('Resend in 60s'));
    expect(screen.getByTestId('register-send-code')).toBeDisabled();
    expect(api.callsTo('login/sendCode')[0]?.body).toEqual({
      channel: 'email',
      purpose: 'register',
      email: 'alice@example.com',
    });
    expect(screen.getByTestId('toast')).toHaveTextContent('a***@example.com');
  });

  it('keeps "username exists" on its field through a submit, with "required" on the empty ones', async () => {
    mockApi({
      ...baseHandlers,
      'GET login/checkUserNameOrPhone': () => ok({ exists: true }),
    });
    await renderApp('/pass/register');
    const username = await screen.findByTestId('register-username');
    fireEvent.change(username, { target: { value: 'taken_1' } });
    fireEvent.blur(username);
    expect(await screen.findByText('This username is already taken')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('Please enter the verification code')).toBeInTheDocument();
    expect(screen.getByText('Please enter the password')).toBeInTheDocument();
    expect(screen.getByText('This username is already taken')).toBeInTheDocument();
  });

  it('registers by phone with a country code picked from the list', async () => {
    const api = mockApi({
      ...baseHandlers,
      'GET index/listAreaCodes': () =>
        ok([
          { country: 'DE', name: 'Germany', callingCode: '49' },
          { country: 'GB', name: 'United Kingdom', callingCode: '44' },
        ]),
      'GET login/checkUserNameOrPhone': () => ok({ exists: false }),
      'POST login/register': () =>
        ok({ token: 'tok-2', expiresAt: '2099-01-01T00:00:00Z', user: { ...demoUser, username: 'bob_22' } }),
    });
    const { router } = await renderApp('/pass/register');
    fireEvent.click(await screen.findByTestId('register-tab-phone'));
    fireEvent.click(screen.getByTestId('register-area-code'));
    fireEvent.change(await screen.findByTestId('area-code-search'), { target: { value: 'king' } });
    await waitFor(() => expect(screen.queryByTestId('area-code-DE')).not.toBeInTheDocument());
    fireEvent.click(screen.getByTestId('area-code-GB'));
    expect(screen.getByTestId('register-area-code')).toHaveTextContent('+44');
    fireEvent.change(screen.getByTestId('register-username'), { target: { value: 'bob_22' } });
    fireEvent.change(screen.getByTestId('register-phone'), { target: { value: '7700 900123' } });
    fireEvent.change(screen.getByTestId('register-code'), { target: { value: '654321' } });
    fireEvent.change(screen.getByTestId('register-password'), { target: { value: 'Secret123' } });
    fireEvent.change(screen.getByTestId('register-confirm'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('login/register')[0]?.body).toMatchObject({
      method: 'phone',
      areaCode: '44',
      phone: '7700900123',
      username: 'bob_22',
    });
    expect(sessionStore.getState().isLoggedIn).toBe(true);
  });
});

describe('language', () => {
  it('switches to Arabic: stored, right-to-left, and content refetched in Arabic', async () => {
    const api = mockApi({
      ...baseHandlers,
      'GET index/listContents/*': (call) =>
        ok(
          call.path.endsWith('/2')
            ? [
                {
                  id: 7,
                  slug: 'terms',
                  type: 2,
                  title: call.headers.lang === 'ar' ? 'شروط الاستخدام' : 'Terms of Use',
                  summary: '',
                  updatedAt: '2025-01-01T00:00:00Z',
                },
              ]
            : [],
        ),
    });
    await renderApp('/');
    expect(await screen.findByTestId('footer-content-terms')).toHaveTextContent('Terms of Use');
    fireEvent.click(screen.getByTestId('lang-button'));
    fireEvent.click(await screen.findByTestId('lang-option-ar'));
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(sessionStorage.getItem(STORAGE_KEYS.language)).toBe('ar');
    expect(await screen.findByText('شروط الاستخدام')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === 'index/listContents/2' && c.headers.lang === 'ar')).toBe(true);
  });

  it('marks the active language in the picker', async () => {
    mockApi(baseHandlers);
    await renderApp('/');
    fireEvent.click(await screen.findByTestId('lang-button'));
    expect(await screen.findByTestId('lang-option-en')).toHaveAttribute('aria-current', 'true');
    expect(screen.getByTestId('lang-option-ja')).not.toHaveAttribute('aria-current');
  });
});

describe('footer', () => {
  it('groups content items and opens them on /detail', async () => {
    mockApi({
      ...baseHandlers,
      'GET index/listContents/*': (call) =>
        ok(
          // The footer asks for every footer item of the list (2: not Chinese) at once, each with its type.
          call.path.endsWith('/2') && !call.query.has('itemType')
            ? [{ id: 1, slug: 'about-us', type: 1, title: 'About us', summary: '', updatedAt: '2025-01-01T00:00:00Z' }]
            : [],
        ),
      'GET index/getContentsById/1': () =>
        ok({
          id: 1,
          slug: 'about-us',
          type: 1,
          title: 'About us',
          summary: 'Who we are',
          body: '## Our story\n<b>not bold</b>\n\n- one\n- two',
          lang: 'en',
          updatedAt: '2025-01-01T00:00:00Z',
        }),
    });
    const { router } = await renderApp('/');
    fireEvent.click(await screen.findByTestId('footer-content-about-us'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/detail'));
    expect(router.state.location.search).toBe('?id=1&title=About%20us');
    expect(await screen.findByRole('heading', { name: 'Our story' })).toBeInTheDocument();
    expect(screen.getByText('<b>not bold</b>')).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
    expect(screen.getByText(`© ${new Date().getFullYear()} OpenBourse. All rights reserved.`)).toBeInTheDocument();
  });
});

describe('detail', () => {
  it('opens an item by its slug and says so when it does not exist', async () => {
    const api = mockApi({
      ...baseHandlers,
      'GET index/getContentsById/terms': () =>
        ok({
          id: 3,
          slug: 'terms',
          type: 2,
          title: 'Terms of Use',
          summary: '',
          body: 'Be nice.',
          lang: 'en',
          updatedAt: '2025-01-01T00:00:00Z',
        }),
      'GET index/getContentsById/*': () => fail(80005, 'No record found'),
    });
    await renderApp('/detail?id=terms');
    expect(await screen.findByText('Be nice.')).toBeInTheDocument();
    expect(api.callsTo('index/getContentsById/terms')).toHaveLength(1);
  });

  it('shows a not-found state for an unknown item', async () => {
    mockApi({ ...baseHandlers, 'GET index/getContentsById/*': () => fail(80005, 'No record found') });
    await renderApp('/detail?id=999&title=Gone');
    expect(await screen.findByText('This document could not be found')).toBeInTheDocument();
  });
});

describe('account', () => {
  it('switches to the demo account with a toast and refetches balances with virtually: YES', async () => {
    const api = mockApi({
      ...baseHandlers,
      'GET user/getBalances': (call) => balances(call.headers.virtually === 'YES' ? 'demo' : 'real'),
    });
    await renderApp('/profile', { loggedIn: true });
    fireEvent.click(await screen.findByTestId('account-mode-toggle'));
    expect(screen.getByTestId('toast')).toHaveTextContent('Switched to virtual account');
    expect(sessionStorage.getItem(STORAGE_KEYS.accountMode)).toBe('2');
    expect(screen.getAllByTestId('demo-badge').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('profile-balance'));
    await waitFor(() => expect(screen.getByTestId('balance-headline')).toHaveTextContent('100,000.00'));
    expect(api.callsTo('user/getBalances').at(-1)?.headers.virtually).toBe('YES');
    // The top bar shows the account in use and switches it from any page.
    fireEvent.click(screen.getAllByTestId('demo-badge')[0] as HTMLElement);
    expect(screen.getAllByTestId('toast').at(-1)).toHaveTextContent('Switched to real account');
    expect(sessionStorage.getItem(STORAGE_KEYS.accountMode)).toBe('1');
    expect(screen.queryByTestId('demo-badge')).toBeNull();
    fireEvent.click(screen.getAllByTestId('real-badge')[0] as HTMLElement);
    expect(sessionStorage.getItem(STORAGE_KEYS.accountMode)).toBe('2');
    fireEvent.click(screen.getAllByTestId('demo-badge')[0] as HTMLElement);
    expect(sessionStorage.getItem(STORAGE_KEYS.accountMode)).toBe('1');
  });

  it('logs out: calls the server, clears the session and goes home', async () => {
    const api = mockApi({ ...baseHandlers, 'POST login/logout': () => ok(null) });
    const { router } = await renderApp('/profile', { loggedIn: true });
    fireEvent.click(await screen.findByTestId('logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('login/logout')).toHaveLength(1);
    expect(sessionStore.getState().isLoggedIn).toBe(false);
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('clears the session and goes to login when the server answers 401', async () => {
    mockApi({
      ...baseHandlers,
      'POST user/getUserInfo': () => fail(401, 'expired'),
      'GET user/getBalances': () => new Response('{"code":401,"msg":"expired","result":null}', { status: 401 }),
    });
    const { router } = await renderApp('/profile/balance', { loggedIn: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/pass/login'));
    expect(sessionStore.getState().isLoggedIn).toBe(false);
    expect(sessionStorage.getItem(STORAGE_KEYS.loginFlag)).toBeNull();
  });

  it('shows the invite code and a register link with it', async () => {
    mockApi(baseHandlers);
    await renderApp('/profile/invite', { loggedIn: true });
    expect(await screen.findByTestId('invite-code')).toHaveTextContent('ABC123');
    expect(screen.getByTestId('invite-link')).toHaveTextContent(
      `${window.location.origin}/pass/register?invite=ABC123`,
    );
  });

  it("changes the password and shows the server's message", async () => {
    const api = mockApi({
      ...baseHandlers,
      'POST user/repassword': () => ok(null, { msg: 'Changes saved', msgCode: 20005 }),
    });
    await renderApp('/profile/info', { loggedIn: true });
    const form = await screen.findByTestId('change-password-form');
    fireEvent.change(within(form).getByTestId('change-password-old'), { target: { value: 'Demo12345' } });
    fireEvent.change(within(form).getByTestId('change-password-new'), { target: { value: 'Better123' } });
    fireEvent.change(within(form).getByTestId('change-password-confirm'), { target: { value: 'Better123' } });
    fireEvent.click(within(form).getByTestId('change-password-submit'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Changes saved');
    expect(api.callsTo('user/repassword')[0]?.body).toEqual({
      type: 'change',
      oldPassword: 'Demo12345',
      newPassword: 'Better123',
    });
  });

  it('sets the withdrawal password with a code sent to the account', async () => {
    const api = mockApi({
      ...baseHandlers,
      'POST login/sendCode': () => ok({ resendAfterSeconds: 60, expiresInSeconds: 600, sentTo: 'd***@example.com' }),
      'POST user/repasswordTx': () => ok(null, { msg: 'Changes saved', msgCode: 20005 }),
    });
    await renderApp('/profile/info', { loggedIn: true });
    fireEvent.click(await screen.findByTestId('withdrawal-send-code'));
    await waitFor(() =>
      expect(api.callsTo('login/sendCode')[0]?.body).toEqual({ channel: 'account', purpose: 'withdrawPassword' }),
    );
    fireEvent.change(screen.getByTestId('withdrawal-code'), { target: { value: '111222' } });
    fireEvent.change(screen.getByTestId('withdrawal-password'), { target: { value: '246810' } });
    fireEvent.change(screen.getByTestId('withdrawal-confirm'), { target: { value: '246810' } });
    fireEvent.click(screen.getByTestId('withdrawal-submit'));
    await waitFor(() =>
      expect(api.callsTo('user/repasswordTx')[0]?.body).toEqual({ code: '111222', txPassword: '246810' }),
    );
    expect(await screen.findByTestId('toast')).toHaveTextContent('Changes saved');
  });

  it('offers login and registration to logged-out visitors of /profile', async () => {
    mockApi(baseHandlers);
    await renderApp('/profile');
    expect(await screen.findByTestId('profile-login')).toBeInTheDocument();
    expect(screen.getByTestId('profile-register')).toHaveAttribute('href', '/pass/register');
  });
});

describe('mobile shell', () => {
  it('has the tab bar and the onboarding board until Skip is used', async () => {
    mockApi(baseHandlers);
    sessionStore.setWindow(390, false);
    const { router } = await renderApp('/market');
    expect(await screen.findByTestId('board')).toBeInTheDocument();
    expect(screen.getByTestId('tab-market')).toHaveAttribute('aria-current', 'page');
    fireEvent.click(screen.getByTestId('board-skip'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByTestId('board')).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.boardSeen)).toBe('1');
  });

  it('continues to registration from the board when logged out', async () => {
    mockApi(baseHandlers);
    sessionStore.setWindow(390, false);
    const { router } = await renderApp('/');
    fireEvent.click(await screen.findByTestId('board-continue'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pass/register'));
    await waitFor(() => expect(screen.queryByTestId('tab-home')).not.toBeInTheDocument());
  });

  it('hides the footer and tab bar on /pass/* pages', async () => {
    mockApi(baseHandlers);
    sessionStore.setWindow(390, false);
    sessionStore.dismissBoard();
    await renderApp('/pass/login');
    await screen.findByTestId('login-form');
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByTestId('tab-home')).not.toBeInTheDocument();
  });
});
