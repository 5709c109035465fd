import { ErrorCode } from '@openbourse/contracts/errors.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AccountMode } from '../../http/request-context.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { ParamsService } from '../params/params.service.ts';

/**
 * The user's two books: real and demo (DESIGN §4). Entering the demo book funds it once with the
 * `demo_initial_balance` parameter; the ledger's idempotency key makes that exactly-once even when
 * requests race, and the in-process set only saves the round trip afterwards.
 */
export function createAccountsService({
  db,
  ledger,
  params,
}: {
  db: Db;
  ledger: LedgerService;
  params: ParamsService;
}) {
  const funded = new Set<number>();
  return {
    async demoEnabled(): Promise<boolean> {
      return (await params.get('demo_enabled')) !== 'false';
    },

    async enterDemo(userId: number): Promise<void> {
      if ((await params.get('demo_enabled')) === 'false') throw new AppError(ErrorCode.DemoDisabled);
      if (funded.has(userId)) return;
      const amount = (await params.get('demo_initial_balance')) ?? '100000';
      await db.transaction((tx) => ledger.fundDemoOnce(tx, userId, amount));
      funded.add(userId);
    },

    async balances(userId: number, mode: AccountMode) {
      return { mode, balances: await ledger.balances(db, userId, mode) };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
