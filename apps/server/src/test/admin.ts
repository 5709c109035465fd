import { sql } from 'drizzle-orm';
import type { AdminRole } from '../modules/admin/admin.roles.ts';
import type { TestApp } from './app.ts';

const PASSWORD = 'Admin-pass-123';
let seq = 0;

/**
 * A full admin session for tests: the first owner (bootstrapped, TOTP enrolled on first use, a
 * fresh code each time), or an admin of another role created by that owner without TOTP.
 */
export async function adminToken(t: TestApp, role: AdminRole = 'owner'): Promise<string> {
  const ownerEmail = 'owner@admin.test';
  await t.services.adminAccounts.bootstrapOwner({ email: ownerEmail, password: PASSWORD });
  const signIn = async (email: string, withCode = false) => {
    seq += 1;
    const body: Record<string, string> = { email, password: PASSWORD };
    if (withCode) {
      // The stored secret is sealed: its current code, from the server's own box.
      t.clock.advance(30_000);
      body.totp = (await t.services.adminAuth.storedCodeFor(email)) ?? '';
    }
    const res = await t.call<{ token: string; scope: string }>('POST', '/swx/admin/auth/login', {
      body,
      remoteAddress: `10.250.${Math.floor(seq / 250) % 250}.${seq % 250}`,
    });
    if (res.body.code !== 200) throw new Error(`admin sign-in failed: ${JSON.stringify(res.body)}`);
    return res.body.result;
  };
  const enrolled = async (email: string) =>
    (
      (await t.database.db.execute(
        sql`select totp_enabled_at from admin_accounts where email = ${email}`,
      )) as unknown as { rows: { totp_enabled_at: unknown }[] }
    ).rows[0]?.totp_enabled_at;
  let owner: string;
  if (await enrolled(ownerEmail)) {
    owner = (await signIn(ownerEmail, true)).token;
  } else {
    owner = (await signIn(ownerEmail)).token;
    const enrol = await t.call<{ secret: string }>('POST', '/swx/admin/auth/totp/enrol', { token: owner });
    const code = t.services.adminAuth.codeFor(ownerEmail, enrol.body.result.secret);
    await t.call('POST', '/swx/admin/auth/totp/confirm', { token: owner, body: { code } });
  }
  if (role === 'owner') return owner;
  const email = `${role}${++seq}@admin.test`;
  const created = await t.call('POST', '/swx/admin/admins', {
    token: owner,
    body: { email, name: role, password: PASSWORD, role, totpRequired: false },
  });
  if (created.body.code !== 200) throw new Error(`admin create failed: ${JSON.stringify(created.body)}`);
  return (await signIn(email)).token;
}
