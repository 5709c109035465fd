/**
 * Loan products: what operators offer (amount range, terms, daily rate, interest-free days, how
 * many loans at once, the amount that needs a verified identity), seeded on a fresh platform, listed
 * to users in their language and edited in the back office. A loan copies its product's terms when
 * applying, so an edit never changes a loan already applied for.
 */
import type { AdminLoanProduct, AdminLoanProductInput, LoanProduct } from '@openbourse/contracts/loan.ts';
import { isMoneyError, parseDecimal } from '@openbourse/money';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { trimAmount } from '../../lib/amounts.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { loansErrors } from './loans.errors.ts';
import { type NewProductRow, type ProductRow, loansRepository as repo } from './loans.repository.ts';

type ProductInput = z.output<typeof AdminLoanProductInput>;

/** The products a fresh platform offers (inserted only while there are none). */
export function defaultProducts(freeDays: number): Omit<NewProductRow, 'updatedAt'>[] {
  return [
    {
      names: {
        en: 'USDT quick loan',
        ar: 'قرض USDT سريع',
        de: 'USDT-Schnellkredit',
        es: 'Préstamo rápido en USDT',
        fr: 'Prêt rapide en USDT',
        it: 'Prestito rapido in USDT',
        ja: 'USDTクイックローン',
        ko: 'USDT 간편 대출',
        th: 'สินเชื่อด่วน USDT',
        zh: 'USDT 快速贷款',
        hk: 'USDT 快速貸款',
      },
      currency: 'USDT',
      minAmount: '100',
      maxAmount: '5000',
      termDays: [7, 14, 30],
      dailyRate: '0.0005',
      freeDays,
      maxActive: 2,
      kycFrom: '0',
      enabled: true,
      sort: 1,
    },
    {
      names: {
        en: 'USDT term loan',
        ar: 'قرض USDT لأجل',
        de: 'USDT-Laufzeitkredit',
        es: 'Préstamo a plazo en USDT',
        fr: 'Prêt à terme en USDT',
        it: 'Prestito a termine in USDT',
        ja: 'USDT期間ローン',
        ko: 'USDT 기간 대출',
        th: 'สินเชื่อระยะยาว USDT',
        zh: 'USDT 定期贷款',
        hk: 'USDT 定期貸款',
      },
      currency: 'USDT',
      minAmount: '1000',
      maxAmount: '20000',
      termDays: [30, 60, 90],
      dailyRate: '0.0004',
      freeDays,
      maxActive: 2,
      kycFrom: '0',
      enabled: true,
      sort: 2,
    },
  ];
}

/** Units of a stored amount at the currency's scale (operators' amounts are checked to fit it). */
export const unitsAt = (stored: string, scale: number) => parseDecimal(trimAmount(stored), scale);

export function createLoanProducts({ db, clock, ledger }: { db: Db; clock: Clock; ledger: LedgerService }) {
  async function scaleOf(exec: Executor, currency: string): Promise<number | null> {
    return (await ledger.getCurrency(exec, currency))?.scale ?? null;
  }

  function adminView(p: ProductRow, scale: number): AdminLoanProduct {
    return {
      id: p.id,
      name: p.names.en ?? '',
      names: p.names,
      currency: p.currency,
      scale,
      minAmount: trimAmount(p.minAmount),
      maxAmount: trimAmount(p.maxAmount),
      termDays: [...p.termDays],
      dailyRate: trimAmount(p.dailyRate),
      freeDays: p.freeDays,
      maxActive: p.maxActive,
      kycFrom: trimAmount(p.kycFrom),
      enabled: p.enabled,
      sort: p.sort,
    };
  }

  /** An operator's product, checked against its currency: amounts at its scale, min ≤ max. */
  async function checked(exec: Executor, input: ProductInput): Promise<Omit<NewProductRow, 'updatedAt'>> {
    const scale = await scaleOf(exec, input.currency);
    if (scale === null) throw loansErrors.invalid('currency');
    const at = (field: 'minAmount' | 'maxAmount' | 'kycFrom', allowZero: boolean) => {
      const v = input[field];
      if (v.split('.')[0]!.length > 20) throw loansErrors.invalid(field);
      try {
        const u = parseDecimal(v, scale);
        if (u < 0n || (!allowZero && u === 0n)) throw loansErrors.invalid(field);
        return u;
      } catch (e) {
        if (isMoneyError(e)) throw loansErrors.invalid(field);
        throw e;
      }
    };
    const min = at('minAmount', false);
    const max = at('maxAmount', false);
    at('kycFrom', true);
    if (max < min) throw loansErrors.invalid('maxAmount');
    const terms = [...new Set(input.termDays)].sort((a, b) => a - b);
    const names = Object.fromEntries(Object.entries(input.names).map(([k, v]) => [k, v.trim()]));
    return {
      names,
      currency: input.currency,
      minAmount: input.minAmount,
      maxAmount: input.maxAmount,
      termDays: terms,
      dailyRate: input.dailyRate,
      freeDays: input.freeDays,
      maxActive: input.maxActive,
      kycFrom: input.kycFrom,
      enabled: input.enabled,
      sort: input.sort,
    };
  }

  return {
    /** Inserts the default products when there are none (a fresh platform). */
    async seed(exec: Executor, freeDays: number): Promise<void> {
      if ((await repo.productCount(exec)) > 0) return;
      const now = clock.now();
      for (const p of defaultProducts(freeDays)) await repo.insertProduct(exec, { ...p, updatedAt: now });
    },

    /** The enabled products as users see them, named in `lang` (English where the operator wrote none). */
    async list(lang: string): Promise<LoanProduct[]> {
      const scales = new Map((await ledger.listCurrencies(db)).map((c) => [c.code, c.scale]));
      return (await repo.products(db)).flatMap((p) => {
        const scale = scales.get(p.currency);
        if (!p.enabled || scale === undefined) return [];
        const { names, enabled: _e, sort: _s, ...rest } = adminView(p, scale);
        return [{ ...rest, name: names[lang] ?? names.en ?? '' }];
      });
    },

    /** One product (enabled or not). */
    async get(exec: Executor, id: number): Promise<ProductRow | undefined> {
      return repo.product(exec, id);
    },

    /** Product names per id (a loan's product name in a list). */
    async names(exec: Executor): Promise<Map<number, Record<string, string>>> {
      return new Map((await repo.products(exec)).map((p) => [p.id, p.names]));
    },

    async adminList(): Promise<AdminLoanProduct[]> {
      const scales = new Map((await ledger.listCurrencies(db)).map((c) => [c.code, c.scale]));
      return (await repo.products(db)).map((p) => adminView(p, scales.get(p.currency) ?? 0));
    },

    /** Creates a product in the caller's transaction (which audits it). */
    async create(tx: Executor, input: ProductInput): Promise<AdminLoanProduct> {
      const row = await repo.insertProduct(tx, { ...(await checked(tx, input)), updatedAt: clock.now() });
      return adminView(row, (await scaleOf(tx, row.currency)) ?? 0);
    },

    /** Replaces a product's fields in the caller's transaction; loans already applied for keep their terms. */
    async update(
      tx: Executor,
      id: number,
      input: ProductInput,
    ): Promise<{ before: AdminLoanProduct; after: AdminLoanProduct }> {
      const old = await repo.product(tx, id, true);
      if (!old) throw loansErrors.noRecord();
      const row = await repo.updateProduct(tx, id, { ...(await checked(tx, input)), updatedAt: clock.now() });
      if (!row) throw loansErrors.noRecord();
      return {
        before: adminView(old, (await scaleOf(tx, old.currency)) ?? 0),
        after: adminView(row, (await scaleOf(tx, row.currency)) ?? 0),
      };
    },
  };
}

export type LoanProducts = ReturnType<typeof createLoanProducts>;
