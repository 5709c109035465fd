/**
 * Smart plans in the back office: the products' editor (create, edit, enable or disable; audited
 * with before and after) and the earn treasury (its figures per currency, and funding it with house
 * money from the platform's treasury; audited). Every edit in its own transaction with its audit.
 */
import { randomUUID } from 'node:crypto';
import type {
  AdminSmartProduct,
  AdminSmartProductInput,
  AdminTreasuryFundInput,
  AdminTreasuryResult,
} from '@openbourse/contracts/earn.ts';
import { formatDecimal } from '@openbourse/money';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { invalidField } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { userAmountUnits } from '../../lib/amounts.ts';
import type { Earn } from '../earn/earn.service.ts';
import type { AdminActor } from './admin.auth.ts';
import { adminRepository as repo } from './admin.repository.ts';

/** 00:00 UTC of the day `at` falls in. */
const utcMidnight = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

export function createAdminEarn(deps: { db: Db; clock: Clock; earn: Earn }) {
  const { db, clock, earn } = deps;

  return {
    async products(): Promise<{ list: AdminSmartProduct[] }> {
      return { list: await earn.products.adminList() };
    },

    async createProduct(actor: AdminActor, input: z.output<typeof AdminSmartProductInput>): Promise<AdminSmartProduct> {
      return db.transaction(async (tx) => {
        const created = await earn.products.create(tx, input);
        await repo.auditAs(tx, actor, clock.now(), {
          action: 'smartProducts.create',
          targetType: 'smartProduct',
          targetId: String(created.id),
          after: created,
        });
        return created;
      });
    },

    async updateProduct(
      actor: AdminActor,
      id: number,
      input: z.output<typeof AdminSmartProductInput>,
    ): Promise<AdminSmartProduct> {
      return db.transaction(async (tx) => {
        const { before, after } = await earn.products.update(tx, id, input);
        await repo.auditAs(tx, actor, clock.now(), {
          action: 'smartProducts.update',
          targetType: 'smartProduct',
          targetId: String(id),
          before,
          after,
        });
        return after;
      });
    },

    /** The earn treasury per currency: free, reserved, paid since 00:00 UTC, earning plans, principal held. */
    async treasury(): Promise<AdminTreasuryResult> {
      return earn.adminTreasury(utcMidnight(clock.now()));
    },

    /**
     * Moves `amount` of house money from the platform's treasury into the currency's earn treasury
     * (audited `earnTreasury.fund` with the figures before and after). 40001 naming the field for an
     * unknown currency or an amount that is not positive at its scale.
     */
    async fund(actor: AdminActor, input: z.output<typeof AdminTreasuryFundInput>): Promise<AdminTreasuryResult> {
      const scale = await earn.scaleOf(db, input.currency).catch(() => null);
      if (scale === null) throw invalidField('currency');
      const units = userAmountUnits(input.amount, scale);
      if (units === null) throw invalidField('amount');
      const amount = formatDecimal(units, scale);
      await db.transaction(async (tx) => {
        const key = `earn-treasury:fund:${randomUUID()}`;
        const before = await earn.treasuryOf(tx, input.currency);
        await earn.fund(tx, { key, currency: input.currency, amount, memo: input.memo });
        await repo.auditAs(tx, actor, clock.now(), {
          action: 'earnTreasury.fund',
          targetType: 'earnTreasury',
          targetId: input.currency,
          before,
          after: { ...(await earn.treasuryOf(tx, input.currency)), amount, memo: input.memo, key },
        });
      });
      return this.treasury();
    },
  };
}

export type AdminEarn = ReturnType<typeof createAdminEarn>;
