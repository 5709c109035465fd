import type { InviteSummary, ListInviteesResult } from '@openbourse/contracts/invites.ts';
import { expect } from 'vitest';
import { createTradingTestApp, type TradingTestApp } from '../../trading/__tests__/helpers.ts';

export interface Member {
  id: number;
  token: string;
  username: string;
  inviteCode: string;
}

export interface InvitesTestApp extends TradingTestApp {
  /** Registers a user by email, with an invite code when given. */
  member(inviteCode?: string, name?: string): Promise<Member>;
  /** A fee the user pays to the platform's fee account (as an order's fee would be), at the clock's time. */
  fee(userId: number, amount: string, mode?: 'real' | 'demo'): Promise<void>;
  /** Signs the member in again (sessions expire after a day of clock). */
  login(m: Member): Promise<Member>;
  setRule(rule: { enabled?: boolean; share: string; periodDays: number; capPerInvitee?: string | null }): Promise<void>;
  summary(token: string): Promise<InviteSummary>;
  invitees(token: string, query?: Record<string, string>): Promise<ListInviteesResult>;
}

let seq = 0;

export async function createInvitesTestApp(
  driver: Parameters<typeof createTradingTestApp>[0],
): Promise<InvitesTestApp> {
  const t = await createTradingTestApp(driver);
  const db = t.database.db;
  const self: InvitesTestApp = {
    ...t,
    async member(inviteCode, name) {
      seq += 1;
      const username = name ?? `inv${Date.now().toString(36)}${seq}`;
      const email = `${username.toLowerCase()}@example.com`;
      const sent = await t.call('POST', '/swx/customer/login/sendCode', {
        body: { channel: 'email', purpose: 'register', email },
      });
      expect(sent.body.code, JSON.stringify(sent.body)).toBe(200);
      const code = await t.lastCode(email);
      const res = await t.call<{ token: string; user: { id: number; inviteCode: string } }>(
        'POST',
        '/swx/customer/login/register',
        {
          body: {
            method: 'email',
            username,
            email,
            password: 'Secret123',
            code,
            ...(inviteCode ? { inviteCode } : {}),
          },
        },
      );
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      const r = res.body.result;
      return { id: r.user.id, token: r.token, username, inviteCode: r.user.inviteCode };
    },
    async fee(userId, amount, mode = 'real') {
      seq += 1;
      if (mode === 'real') await t.fund(userId, amount);
      else await t.services.ledger.fundDemoOnce(db, userId, '10000').catch(() => undefined);
      await t.services.ledger.transfer(db, {
        key: `test-fee:${userId}:${seq}`,
        debit: { userId, mode },
        credit: { platform: 'fees', mode, shard: seq % 4 },
        currency: 'USDT',
        amount,
        code: 'cfd_fee',
      });
    },
    async login(m) {
      const res = await t.call<{ token: string }>('POST', '/swx/customer/login/login', {
        body: { username: m.username, password: 'Secret123' },
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      m.token = res.body.result.token;
      return m;
    },
    async setRule(rule) {
      await db.transaction((tx) =>
        t.services.invites.updateRule(tx, {
          enabled: rule.enabled ?? true,
          share: rule.share,
          periodDays: rule.periodDays,
          capPerInvitee: rule.capPerInvitee ?? null,
        }),
      );
    },
    async summary(token) {
      const res = await t.call<InviteSummary>('GET', '/swx/customer/user/inviteSummary', { token });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      return res.body.result;
    },
    async invitees(token, query) {
      const res = await t.call<ListInviteesResult>('GET', '/swx/customer/user/listInvitees', {
        token,
        ...(query ? { query } : {}),
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      return res.body.result;
    },
  };
  return self;
}
