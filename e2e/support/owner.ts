import fs from 'node:fs';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { newContext } from './browser.ts';
import type { RunningServer } from './server.ts';

export type Envelope<T> = { code: number; msg: string; result: T };

/** The first owner's sign-in, as a fresh embedded install writes it to DATA_DIR/initial-admin.txt. */
export function firstOwner(dataDir: string): { email: string; password: string } {
  const text = fs.readFileSync(path.join(dataDir, 'initial-admin.txt'), 'utf8');
  return {
    email: /^email: (.+)$/m.exec(text)?.[1] ?? '',
    password: /^password: (.+)$/m.exec(text)?.[1] ?? '',
  };
}

/**
 * The first owner in a desktop console, signed in once per journey file and enrolled in TOTP on that
 * first sign-in (owners must use it), and admin API calls with its session.
 */
export function useOwner(env: { readonly server: RunningServer; readonly browser: Browser }) {
  let owner: Page | null = null;

  async function page(): Promise<Page> {
    if (owner) return owner;
    const p = await (await newContext(env.browser, 'desktop')).newPage();
    const { email, password } = firstOwner(env.server.dataDir);
    await p.goto(`${env.server.url}/admin/`);
    await p.waitForURL(/\/admin\/sign-in$/);
    await p.getByLabel('Email').fill(email);
    await p.getByLabel('Password').fill(password);
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.waitForURL(/\/admin\/enrol$/);
    await p.getByRole('button', { name: 'Show my QR code' }).click();
    await expect.poll(() => p.getByTestId('totp-secret').textContent()).toMatch(/[A-Z2-7]{16,}/);
    const secret = ((await p.getByTestId('totp-secret').textContent()) ?? '').trim();
    const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();
    await p.getByLabel('Authenticator code').fill(code);
    await p.getByRole('button', { name: 'Confirm and continue' }).click();
    await p.getByRole('heading', { name: 'Dashboard' }).waitFor();
    owner = p;
    return p;
  }

  /** An admin API call with the owner's console session. */
  async function admin<T>(method: 'GET' | 'POST', apiPath: string, body?: unknown): Promise<Envelope<T>> {
    const p = await page();
    const token = await p.evaluate(() => JSON.parse(localStorage.getItem('ob.admin.session') ?? '{}').token);
    const res = await fetch(`${env.server.url}/swx/admin/${apiPath}`, {
      method,
      headers: { Authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await res.json()) as Envelope<T>;
  }

  /** USDT on TRC20 receives at `address` (a fresh install receives nothing without one). */
  async function setReceivingAddress(address: string): Promise<void> {
    const networks = await admin<{ list: { id: number; currency: string; network: string; address: string | null }[] }>(
      'GET',
      'networks',
    );
    const trc20 = networks.result.list.find((n) => n.currency === 'USDT' && n.network === 'TRC20');
    if (!trc20) throw new Error('no USDT TRC20 network');
    if (trc20.address === address) return;
    const saved = await admin('POST', `networks/${trc20.id}`, { address });
    expect(saved, saved.msg).toMatchObject({ code: 200 });
  }

  return { page, admin, setReceivingAddress };
}

/** A customer API call from the page, with its session token, in the real account. */
export function call<T>(page: Page, method: 'GET' | 'POST', apiPath: string, body?: unknown): Promise<Envelope<T>> {
  return page.evaluate(
    async ({ method, apiPath, body }) => {
      const res = await fetch(`/swx/customer/${apiPath}`, {
        method,
        headers: {
          authorization: sessionStorage.getItem('ob.token') ?? '',
          virtually: 'NO',
          'content-type': 'application/json',
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return res.json();
    },
    { method, apiPath, body },
  ) as Promise<Envelope<T>>;
}

/** The user's real USDT available balance, as the server has it. */
export async function realUsdt(page: Page): Promise<string> {
  const b = await call<{ balances: { currency: string; available: string }[] }>(page, 'GET', 'user/getBalances');
  return b.result.balances.find((x) => x.currency === 'USDT')?.available ?? '0';
}
