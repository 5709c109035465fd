import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { dismissBoard } from './journey.ts';
import { call, type Envelope, type useOwner } from './owner.ts';
import { cardPng } from './png.ts';
import type { RunningServer } from './server.ts';

type Env = { readonly server: RunningServer; readonly browser: Browser };
type Owner = ReturnType<typeof useOwner>;

/** Text as a user reads it: without the bidirectional isolates numbers are wrapped in, trimmed. */
export const plain = (s: string | null) => (s ?? '').replace(/[\u2066-\u2069]/g, '').trim();

/** The user registers by email with the mailed code, as the account journey does, and lands signed in. */
export async function registerNewUser(env: Env, page: Page, username: string): Promise<void> {
  const email = `${username}@example.com`;
  await page.goto(`${env.server.url}/pass/register`);
  await dismissBoard(page);
  await page.getByTestId('register-tab-email').click();
  await page.getByTestId('register-username').fill(username);
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-password').fill('Journey123');
  await page.getByTestId('register-confirm').fill('Journey123');
  const before = env.server.messages.length;
  await page.getByTestId('register-send-code').click();
  await page.getByTestId('register-code').fill(await env.server.codeFor(email, before));
  await page.getByTestId('register-submit').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/pass/'));
}

/**
 * A deposit of `amount` USDT declared by the signed-in user (API, with a proof image) and approved
 * by the owner: the real account is credited.
 */
export async function creditDeposit(owner: Owner, page: Page, username: string, amount: string): Promise<void> {
  await owner.setReceivingAddress('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
  const proof = cardPng(120, 80, (x, y) => (x > 10 && x < 110 && y > 10 && y < 70 ? [20, 140, 90] : [240, 242, 245]));
  const upload = (await page.evaluate(async (b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const form = new FormData();
    form.append('purpose', 'deposit-proof');
    form.append('file', new Blob([bytes], { type: 'image/png' }), 'proof.png');
    const res = await fetch('/swx/customer/file/upload', {
      method: 'POST',
      headers: { authorization: sessionStorage.getItem('ob.token') ?? '' },
      body: form,
    });
    return res.json();
  }, proof.toString('base64'))) as Envelope<{ id: string }>;
  expect(upload, upload.msg).toMatchObject({ code: 200 });
  // A hash of its own per user: the server refuses one submitted twice (40034).
  const seed = [...username].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
  const txHash = Array.from({ length: 64 }, (_, i) => '0123456789abcdef'[((seed >>> (i % 28)) + i * 7) % 16]).join('');
  const declared = await call(page, 'POST', 'user/recharge', {
    currency: 'USDT',
    network: 'TRC20',
    amount,
    txHash,
    last6: 'abc123',
    proofFileId: upload.result.id,
  });
  expect(declared, declared.msg).toMatchObject({ code: 200 });
  const pending = await owner.admin<{ list: { id: number; user: { username: string } }[] }>(
    'GET',
    'deposits?status=pending',
  );
  const deposit = pending.result.list.find((d) => d.user.username === username);
  const approved = await owner.admin('POST', `deposits/${deposit?.id}/approve`);
  expect(approved, approved.msg).toMatchObject({ code: 200 });
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's serious and critical WCAG 2.1 A/AA violations on the page, or inside `include`, as
 * "rule [impact] target" lines (empty when it passes).
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(include ? { include: [include] } : document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
      preload: false,
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id} [${v.impact}] ${n.target.join(' ')} ${n.failureSummary ?? ''}`));
  }, include);
}
