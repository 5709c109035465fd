/**
 * Currency exchange (spec §7 user/dh): a quote at the recorded feed prices less a disclosed spread,
 * stored with its expiry, then confirmed once. Confirming marks the quote used with one conditional
 * update and makes both ledger transfers (the amount given to the platform's exchange account in
 * `from`, the amount received from its exchange account in `to`) in the same transaction: a double
 * confirm or a race of many executes once, and a refused debit leaves nothing written.
 */
import { randomBytes } from 'node:crypto';
import {
  EXCHANGE_QUOTE_TTL_PARAM,
  EXCHANGE_QUOTE_TTL_SECONDS_DEFAULT,
  EXCHANGE_SPREAD_BPS_DEFAULT,
  EXCHANGE_SPREAD_PARAM,
  type Exchange,
  type ExchangeQuote,
  type ListExchangeResult,
} from '@openbourse/contracts/exchange.ts';
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { fitsLedger, formatDecimal, isMoneyError, parseDecimal } from '@openbourse/money';
import type { FeeDiscount } from '@openbourse/contracts/levels.ts';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { trimAmount, userAmountUnits } from '../../lib/amounts.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../limits/limits.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { type Mode, PLATFORM_SHARDS } from '../ledger/ledger.types.ts';
import type { ParamsService } from '../params/params.service.ts';
import { exchangeErrors } from './exchange.errors.ts';
import { RATE_SCALE, exchangeRateUnits, receiveUnits } from './exchange.rate.ts';
import { exchangeRepository as repo } from './exchange.repository.ts';
import type { ExchangeQuoteRow } from './exchange.tables.ts';

/** The currency every price is quoted in. */
const QUOTE_CURRENCY = 'USDT';
/** Ledger codes of an exchange's two movements (the transaction record names them). */
export const EXCHANGE_CODES = { out: 'exchange_out', in: 'exchange_in' } as const;
const REF = 'exchange';

/** A coin's last recorded tick on its USDT market (null: none recorded, or no such market). */
export type UsdtQuote = { bid: string; ask: string; tickId: number } | null;

export interface ExchangeDeps {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  params: ParamsService;
  /** The recorded quote of `<currency>USDT`. */
  usdtQuote: (currency: string) => Promise<UsdtQuote>;
  quoteIds?: () => string;
  /** Counts each user's quotes (QUOTE_RULE): every quote is a stored row. */
  limiter?: RateLimiter;
  /** The user's VIP fee discount (modules/levels): taken off the spread, rounded up to a basis point. */
  feeDiscount?: (
    exec: Executor,
    userId: number,
    lang?: string,
  ) => Promise<{ bps: number; info: FeeDiscount | null; apply(fee: bigint): bigint }>;
}

/** Quotes one user may ask for per minute: a person asks a few; more is a script filling the table. */
export const QUOTE_RULE = { windowMs: 60_000, max: 60 };

function intParam(raw: string | undefined, min: number, max: number, fallback: number): number {
  if (raw === undefined || !/^\d{1,9}$/.test(raw)) return fallback;
  const n = Number(raw);
  return n >= min && n <= max ? n : fallback;
}

export function createExchangeService(deps: ExchangeDeps) {
  const { db, clock, ledger, params } = deps;
  const quoteIds = deps.quoteIds ?? (() => randomBytes(16).toString('hex'));

  function view(row: ExchangeQuoteRow): ExchangeQuote {
    return {
      quoteId: row.quoteId,
      mode: row.mode as Mode,
      from: row.fromCurrency,
      to: row.toCurrency,
      amount: trimAmount(row.amount),
      receive: trimAmount(row.receive),
      rate: trimAmount(row.rate),
      spreadBps: row.spreadBps,
      fromPrice: trimAmount(row.fromPrice),
      toPrice: trimAmount(row.toPrice),
      fromTickId: row.fromTickId,
      toTickId: row.toTickId,
      expiresAt: row.expiresAt.getTime(),
    };
  }

  function executed(row: ExchangeQuoteRow): Exchange {
    const { expiresAt: _, ...q } = view(row);
    return { ...q, quotedAt: row.createdAt.getTime(), executedAt: (row.usedAt ?? row.createdAt).getTime() };
  }

  async function currencyOf(field: 'from' | 'to', code: string) {
    const cur = await ledger.getCurrency(db, code);
    if (!cur) throw exchangeErrors.unavailable(field, code);
    return cur;
  }

  /** USDT per unit of `code` (units at RATE_SCALE): the bid when selling it, the ask when buying it. */
  async function priceOf(field: 'from' | 'to', code: string): Promise<{ units: bigint; tickId: number | null }> {
    if (code === QUOTE_CURRENCY) return { units: 10n ** BigInt(RATE_SCALE), tickId: null };
    const q = await deps.usdtQuote(code);
    const text = q ? (field === 'from' ? q.bid : q.ask) : null;
    let units = 0n;
    try {
      units = text === null ? 0n : parseDecimal(text, RATE_SCALE);
    } catch (e) {
      if (!isMoneyError(e)) throw e;
    }
    if (!q || units <= 0n) throw exchangeErrors.unavailable(field, code);
    return { units, tickId: q.tickId };
  }

  function amountUnits(amount: string, scale: number): bigint {
    const u = userAmountUnits(amount, scale);
    if (u === null || !fitsLedger(u, scale)) throw exchangeErrors.amountWrong();
    return u;
  }

  async function available(userId: number, mode: Mode, currency: string, scale: number): Promise<bigint> {
    const b = await ledger.balance(db, userId, mode, currency);
    return parseDecimal(b.available, scale, { allowNegative: true });
  }

  /** The spread (basis points) and quote lifetime (ms) in force: the parameters, or their defaults. */
  async function terms(): Promise<{ spreadBps: number; ttlMs: number }> {
    const [spread, ttl] = await Promise.all([params.get(EXCHANGE_SPREAD_PARAM), params.get(EXCHANGE_QUOTE_TTL_PARAM)]);
    return {
      spreadBps: intParam(spread, 0, 9_999, EXCHANGE_SPREAD_BPS_DEFAULT),
      ttlMs: intParam(ttl, 1, 3_600, EXCHANGE_QUOTE_TTL_SECONDS_DEFAULT) * 1000,
    };
  }

  return {
    view,
    terms,
    /** Per real-account user, the USDT value of their exchanges in [since, until) (modules/levels). */
    volumeByUser: (exec: Executor, since: Date, until: Date) => repo.volumeByUser(exec, 'real', since, until),

    /**
     * Quotes `amount` of `from` into `to` in the user's `mode` account and stores the quote: the
     * rate from the two recorded ticks less the spread, `receive` rounded down to the `to` scale.
     */
    async quote(
      userId: number,
      mode: Mode,
      input: { from: string; to: string; amount: string },
      lang = 'en',
    ): Promise<ExchangeQuote> {
      if (deps.limiter) {
        const hit = await deps.limiter.hit(`exchange:quote:${userId}`, QUOTE_RULE);
        if (!hit.allowed) throw exchangeErrors.tooManyQuotes();
      }
      if (input.from === input.to) throw exchangeErrors.sameCurrency();
      const fromCur = await currencyOf('from', input.from);
      const toCur = await currencyOf('to', input.to);
      const amount = amountUnits(input.amount, fromCur.scale);
      const [fromPrice, toPrice, terms0] = await Promise.all([
        priceOf('from', fromCur.code),
        priceOf('to', toCur.code),
        terms(),
      ]);
      // The spread is the exchange's fee: the user's VIP discount comes off it (stored with the quote).
      const discount = deps.feeDiscount ? await deps.feeDiscount(db, userId, lang) : null;
      const rules = discount ? { ...terms0, spreadBps: Number(discount.apply(BigInt(terms0.spreadBps))) } : terms0;
      const rate = exchangeRateUnits(fromPrice.units, toPrice.units, rules.spreadBps);
      if (!fitsLedger(rate, RATE_SCALE)) throw exchangeErrors.unavailable('to', toCur.code);
      const receive = receiveUnits(amount, fromCur.scale, rate, toCur.scale);
      if (receive <= 0n) throw exchangeErrors.tooSmall();
      if (!fitsLedger(receive, toCur.scale)) throw exchangeErrors.amountWrong();
      // Told now rather than at confirmation; the confirmation's debit checks again.
      if ((await available(userId, mode, fromCur.code, fromCur.scale)) < amount) {
        throw exchangeErrors.insufficient(fromCur.code);
      }
      const now = clock.now();
      const px = (u: bigint) => formatDecimal(u, RATE_SCALE, { trim: true });
      for (let draw = 0; draw < 5; draw++) {
        const row = await repo.insertQuote(db, {
          quoteId: quoteIds(),
          userId,
          mode,
          fromCurrency: fromCur.code,
          toCurrency: toCur.code,
          amount: formatDecimal(amount, fromCur.scale),
          receive: formatDecimal(receive, toCur.scale),
          rate: px(rate),
          spreadBps: rules.spreadBps,
          fromPrice: px(fromPrice.units),
          toPrice: px(toPrice.units),
          fromTickId: fromPrice.tickId,
          toTickId: toPrice.tickId,
          createdAt: now,
          expiresAt: new Date(now.getTime() + rules.ttlMs),
        });
        if (row) return { ...view(row), feeDiscount: discount?.info ?? null };
      }
      throw new Error('exchange: no free quote id after 5 draws');
    },

    /**
     * Executes the user's quote in `mode`: used once (unused, not expired, the user's), the amount
     * debited and the amount received credited, all in one transaction.
     */
    async confirm(userId: number, mode: Mode, quoteId: string): Promise<Exchange> {
      const seen = await repo.quoteOf(db, quoteId, userId, mode);
      if (!seen || seen.usedAt !== null) throw exchangeErrors.notFound();
      const shard = Number.parseInt(seen.quoteId.slice(0, 4), 16) % PLATFORM_SHARDS;
      // The four accounts exist before the transaction, so that it never waits on another's
      // uncommitted creation of one (a wait two such transactions can each hold for the other).
      await Promise.all([
        ledger.getOrCreateUserAccount(db, userId, mode, seen.fromCurrency),
        ledger.getOrCreateUserAccount(db, userId, mode, seen.toCurrency),
        ledger.getOrCreatePlatformAccount(db, mode, seen.fromCurrency, 'exchange', shard),
        ledger.getOrCreatePlatformAccount(db, mode, seen.toCurrency, 'exchange', shard),
      ]);
      const row = await ledger.runInTransaction(
        async (tx) => {
          const now = clock.now();
          const used = await repo.useQuote(tx, { quoteId, userId, mode, now });
          if (!used) {
            const again = await repo.quoteOf(tx, quoteId, userId, mode);
            if (again && again.usedAt === null) throw exchangeErrors.expired();
            throw exchangeErrors.notFound();
          }
          const ref = { refType: REF, refId: used.quoteId };
          const give = async () => {
            try {
              await ledger.transfer(tx, {
                key: `exchange:${used.quoteId}:out`,
                debit: { userId, mode },
                credit: { platform: 'exchange', mode, shard },
                currency: used.fromCurrency,
                amount: trimAmount(used.amount),
                code: EXCHANGE_CODES.out,
                ...ref,
              });
            } catch (e) {
              if (e instanceof AppError && e.code === ErrorCode.BalanceInsufficient) {
                throw exchangeErrors.insufficient(used.fromCurrency);
              }
              throw e;
            }
          };
          const receive = () =>
            ledger.transfer(tx, {
              key: `exchange:${used.quoteId}:in`,
              debit: { platform: 'exchange', mode, shard },
              credit: { userId, mode },
              currency: used.toCurrency,
              amount: trimAmount(used.receive),
              code: EXCHANGE_CODES.in,
              ...ref,
            });
          // Every exchange locks its accounts in one order, by currency (and by account id within a
          // transfer), so that opposite exchanges (BTC→USDT beside USDT→BTC) cannot deadlock. A
          // refused debit made second still rolls the credit back with the whole transaction.
          if (used.fromCurrency < used.toCurrency) {
            await give();
            await receive();
          } else {
            await receive();
            await give();
          }
          return used;
        },
        { retries: 3 },
      );
      return executed(row);
    },

    /** The user's executed exchanges in `mode`, newest first (user/dh/list). */
    async list(
      userId: number,
      mode: Mode,
      q: { currency?: string | undefined; page: number; size: number },
    ): Promise<ListExchangeResult> {
      const { rows, total } = await repo.executed(db, {
        userId,
        mode,
        currency: q.currency,
        page: q.page,
        size: q.size,
      });
      return { list: rows.map(executed), total, page: q.page, size: q.size };
    },

    /** Forgets quotes never confirmed that expired more than a day ago (a job runs it). */
    async sweep(): Promise<number> {
      return repo.sweepUnused(db, new Date(clock.now().getTime() - 24 * 3_600_000));
    },
  };
}

export type ExchangeService = ReturnType<typeof createExchangeService>;
