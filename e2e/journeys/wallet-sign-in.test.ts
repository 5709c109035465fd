import type { BrowserContext, Page } from 'playwright-core';
import { type Hex, hexToString, type LocalAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { type Layout, newContext, screenshot } from '../support/browser.ts';
import { registerNewUser } from '../support/customer.ts';
import { dismissBoard, useJourney } from '../support/journey.ts';

/**
 * Sign-In with Ethereum as a user with a browser wallet does it, in both layouts: an EIP-1193
 * provider injected into the page (`window.ethereum`) whose `personal_sign` is answered by a local
 * key in Node. The wallet starts on a chain the site does not accept: the page offers the switch,
 * then the wallet signs and the user lands signed in to a new account. Another user, signed in with
 * a password, links a wallet from the account centre. Without a wallet the page only hints.
 */
const env = useJourney();
const layouts: Layout[] = ['desktop', 'mobile'];

/** The mobile onboarding board is not this journey's subject: seen already. */
function seenBoard() {
  try {
    localStorage.setItem('ob.boardSeen', '1');
  } catch {
    // about:blank has no storage.
  }
}

/** Gives the context's pages a wallet holding `account`, on chain `startChain` until switched. */
async function injectWallet(context: BrowserContext, account: LocalAccount, startChain: number) {
  await context.exposeFunction('__obWalletSign', async (hexMessage: Hex, from: string) => {
    if (from.toLowerCase() !== account.address.toLowerCase()) throw new Error('unknown account');
    return account.signMessage({ message: hexToString(hexMessage) });
  });
  await context.addInitScript(
    ({ address, chain }) => {
      // The mobile onboarding board is not this journey's subject: seen already.
      try {
        localStorage.setItem('ob.boardSeen', '1');
      } catch {
        // about:blank has no storage.
      }
      let chainId = `0x${chain.toString(16)}`;
      const sign = (globalThis as unknown as { __obWalletSign(m: string, a: string): Promise<string> }).__obWalletSign;
      (globalThis as unknown as { ethereum: unknown }).ethereum = {
        isMetaMask: false,
        async request({ method, params }: { method: string; params?: unknown[] }) {
          if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [address];
          if (method === 'eth_chainId') return chainId;
          if (method === 'wallet_switchEthereumChain') {
            chainId = (params as [{ chainId: string }])[0].chainId;
            return null;
          }
          if (method === 'personal_sign') return sign(params?.[0] as string, params?.[1] as string);
          throw Object.assign(new Error('unsupported'), { code: 4200 });
        },
      };
    },
    { address: account.address, chain: startChain },
  );
}

/** Waits for the wallet in the account centre's list; a refusal's toast is the failure's message. */
async function linked(page: Page, address: string) {
  const row = page.getByTestId('wallets-section').getByTestId(`wallet-${address}`);
  await row.waitFor({ timeout: 30_000 }).catch(async () => {
    throw new Error(`wallet not listed; toasts: ${(await page.getByTestId('toast').allTextContents()).join(' | ')}`);
  });
}

async function userDetails(page: Page) {
  await page.goto(`${env.server.url}/profile/info`);
  await dismissBoard(page);
  return page.getByTestId('user-details');
}

describe.each(layouts)('wallet sign-in journey (%s)', (layout) => {
  it('connects a wallet on the login page, switches its chain, and lands signed in to a new account', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const context = await newContext(env.browser, layout);
    await injectWallet(context, account, 137);
    const page = await context.newPage();
    await page.goto(`${env.server.url}/pass/login`);
    await dismissBoard(page);
    await page.goto(`${env.server.url}/pass/login`);
    const connect = page.getByTestId('wallet-connect');
    await connect.scrollIntoViewIfNeeded();
    await screenshot(page, `${layout}-wallet-login-en`);
    await connect.click();
    // Polygon is not accepted: the switch to Ethereum is offered.
    const notice = page.getByTestId('wallet-wrong-chain');
    await expect.poll(() => notice.textContent()).toContain('Polygon');
    await notice.scrollIntoViewIfNeeded();
    await screenshot(page, `${layout}-wallet-wrong-chain-en`);
    await page.getByTestId('wallet-switch-chain').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/pass/'), { timeout: 15_000 });

    const details = await userDetails(page);
    await expect.poll(() => details.textContent()).toMatch(/wallet/i);
    const wallets = page.getByTestId('wallets-section');
    await wallets.scrollIntoViewIfNeeded();
    await expect.poll(() => wallets.getByTestId(`wallet-${account.address}`).count()).toBe(1);
    await screenshot(page, `${layout}-wallet-account-centre-en`);
    // The only way in (no password yet) cannot be unlinked.
    await wallets.locator('[data-testid^="wallet-unlink-"]').first().click();
    await wallets.locator('[data-testid^="wallet-unlink-confirm-"]').first().click();
    await expect
      .poll(() => page.getByTestId('toast').allTextContents())
      .toEqual(expect.arrayContaining([expect.stringMatching(/only way into your account/)]));
    expect(await wallets.getByTestId(`wallet-${account.address}`).count()).toBe(1);

    // Another browser with the same wallet signs into the same account.
    const id = await page.getByTestId('user-id').textContent();
    await context.close();
    const second = await newContext(env.browser, layout);
    await injectWallet(second, account, 1);
    const again = await second.newPage();
    await again.goto(`${env.server.url}/pass/login`);
    await dismissBoard(again);
    await again.goto(`${env.server.url}/pass/login`);
    await again.getByTestId('wallet-connect').click();
    await again.waitForURL((u) => !u.pathname.startsWith('/pass/'), { timeout: 15_000 });
    await userDetails(again);
    await expect.poll(() => again.getByTestId('user-id').textContent()).toBe(id);
    await second.close();
  }, 240_000);

  it('links a wallet to a password account from the account centre; Arabic, and no wallet only hints', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const context = await newContext(env.browser, layout);
    await injectWallet(context, account, 1);
    const page = await context.newPage();
    await registerNewUser(env, page, `wl${Date.now().toString(36)}${layout === 'desktop' ? 'd' : 'm'}`);
    await userDetails(page);
    const wallets = page.getByTestId('wallets-section');
    await wallets.scrollIntoViewIfNeeded();
    await page.getByTestId('wallet-link').click();
    await linked(page, account.address);
    await screenshot(page, `${layout}-wallet-linked-en`);
    // With a password, the wallet may go.
    await wallets.locator('[data-testid^="wallet-unlink-"]').first().click();
    await wallets.locator('[data-testid^="wallet-unlink-confirm-"]').first().click();
    await expect.poll(() => wallets.getByTestId(`wallet-${account.address}`).count()).toBe(0);
    await page.getByTestId('wallet-link').click();
    await linked(page, account.address);

    await page.getByTestId('lang-button').first().click();
    await page.getByTestId('lang-option-ar').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await wallets.scrollIntoViewIfNeeded();
    await expect.poll(() => wallets.textContent()).toContain('إلغاء الربط');
    await screenshot(page, `${layout}-wallet-linked-ar`);
    await context.close();

    // A browser without a wallet: the login page hints instead of offering the button.
    const bare = await newContext(env.browser, layout);
    await bare.addInitScript(seenBoard);
    const plainPage = await bare.newPage();
    await plainPage.goto(`${env.server.url}/pass/login`);
    await dismissBoard(plainPage);
    await expect.poll(() => plainPage.getByTestId('wallet-hint').count(), { timeout: 30_000 }).toBe(1);
    await plainPage.getByTestId('wallet-hint').scrollIntoViewIfNeeded();
    await screenshot(plainPage, `${layout}-wallet-none-en`);
    expect(await plainPage.getByTestId('wallet-connect').count()).toBe(0);
    await bare.close();
  }, 240_000);
});
