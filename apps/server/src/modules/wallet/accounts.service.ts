import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { divRound, formatDecimal, parseDecimal, pow10 } from '@openbourse/money';
import type { Quote } from '@openbourse/contracts/market.ts';
import {
  type AssetInfo,
  type Balance,
  type BalancesResult,
  EXPORT_MAX_ROWS,
  type ListCurrenciesResult,
  type ListTransactionsResult,
  TRANSACTION_TYPES,
  type TransactionType,
} from '@openbourse/contracts/wallet.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AccountMode } from '../../http/request-context.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { BalanceLine } from '../ledger/ledger.service.ts';
import type { ParamsService } from '../params/params.service.ts';
import { listCurrencies } from './wallet.currencies.ts';

const USDT_SCALE = 6;

/** What the transaction record can be narrowed to (user/listTransactions, user/exportTransactions). */
export interface TransactionsFilter {
  currency?: string | undefined;
  moves?: 'all' | 'balance' | undefined;
  type?: TransactionType | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

/** The ledger's filter for a record filter: a type is its ledger code ("other": none of the known ones). */
function statementFilter(q: TransactionsFilter) {
  const known = TRANSACTION_TYPES.filter((t) => t !== 'other');
  return {
    balanceOnly: q.moves === 'balance',
    ...(q.type === 'other' ? { notCodes: known } : q.type ? { codes: [q.type] } : {}),
    ...(q.from !== undefined ? { from: new Date(q.from) } : {}),
    ...(q.to !== undefined ? { to: new Date(q.to) } : {}),
  };
}

/** A CSV cell: quoted when it holds a comma, quote or line break; a leading = + - @ made inert (CSV injection). */
function csvCell(v: string): string {
  const safe = /^[=+@\t\r]/.test(v) || (/^-/.test(v) && !/^-\d/.test(v)) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The ledger reference type of margin orders (trading module). */
const CFD_ORDER_REF = 'cfd_order';
const TYPES: ReadonlySet<string> = new Set(TRANSACTION_TYPES);

/** The margin order a ledger entry belongs to, if any. */
const orderIdOf = (e: { refType: string | null; refId: string | null }): number | null =>
  e.refType === CFD_ORDER_REF && e.refId !== null && /^\d{1,15}$/.test(e.refId) ? Number(e.refId) : null;

/**
 * The user's two books: real and demo (DESIGN §4). Entering the demo book funds it once with the
 * `demo_initial_balance` parameter; the ledger's idempotency key makes that exactly-once even when
 * requests race, and the in-process set only saves the round trip afterwards.
 */
export function createAccountsService({
  db,
  ledger,
  params,
  orderRefs = async () => new Map(),
  priceInUsdt = async (currency) => (currency === 'USDT' ? { price: '1', tickId: null } : null),
  usdtQuotes = async () => new Map(),
}: {
  db: Db;
  ledger: LedgerService;
  params: ParamsService;
  /**
   * What users see of their margin orders (public id, order number) by internal id, the ledger's
   * reference (from the trading module), for the transaction record.
   */
  orderRefs?: (userId: number, ids: readonly number[]) => Promise<Map<number, { id: number; orderNo: string }>>;
  /**
   * One unit of `currency` in USDT, from a recorded tick (the market's <currency>USDT bid); null
   * when there is none. USDT is 1.
   */
  priceInUsdt?: (currency: string) => Promise<{ price: string; tickId: number | null } | null>;
  /** The quote of every enabled USDT market (`<CODE>USDT`) by its base currency (the market module's). */
  usdtQuotes?: () => Promise<ReadonlyMap<string, Quote>>;
}) {
  const funded = new Set<number>();

  /** A balance line with its USDT value: total × the bid of <currency>USDT's recorded tick, rounded down. */
  async function valued(line: BalanceLine): Promise<Balance> {
    const price = await priceInUsdt(line.currency);
    if (!price) return { ...line, valueUsdt: null, priceTickId: null };
    const totalUnits = parseDecimal(line.total, line.scale, { allowNegative: true });
    const [int = '0', frac = ''] = price.price.split('.');
    const priceUnits = BigInt(int + frac);
    const shift = line.scale + frac.length - USDT_SCALE;
    const value =
      shift >= 0 ? divRound(totalUnits * priceUnits, pow10(shift), 'down') : totalUnits * priceUnits * pow10(-shift);
    return { ...line, valueUsdt: formatDecimal(value, USDT_SCALE), priceTickId: price.tickId };
  }
  const api = {
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

    /** The transaction record: the ledger statement of the user's book, with order numbers. */
    async transactions(
      userId: number,
      mode: AccountMode,
      query: TransactionsFilter & { page: number; size: number },
    ): Promise<ListTransactionsResult> {
      const { entries, total } = await ledger.statement(db, userId, mode, {
        ...(query.currency ? { currency: query.currency } : {}),
        page: query.page,
        size: query.size,
        ...statementFilter(query),
      });
      const rows = entries.map((e) => ({ ...e, orderId: orderIdOf(e) }));
      const refs = await orderRefs(userId, [...new Set(rows.flatMap((e) => e.orderId ?? []))]);
      const list = rows.map((e) => {
        const order = e.orderId === null ? undefined : refs.get(e.orderId);
        return {
          id: e.id,
          time: e.time.getTime(),
          type: TYPES.has(e.code) ? (e.code as TransactionType) : 'other',
          currency: e.currency,
          amount: e.amount,
          available: e.available,
          locked: e.locked,
          orderId: order?.id ?? null,
          orderNo: order?.orderNo ?? null,
        };
      });
      return { list, total, page: query.page, size: query.size };
    },

    /**
     * The whole record under the same filters as CSV (RFC 4180, UTF-8 with a BOM so spreadsheets
     * read it as such), newest first, at most EXPORT_MAX_ROWS rows, read page by page.
     */
    async exportCsv(userId: number, mode: AccountMode, filter: TransactionsFilter): Promise<string> {
      const lines = ['time_utc,type,currency,amount,available,locked,order_no'];
      const size = 100;
      for (let page = 1; (page - 1) * size < EXPORT_MAX_ROWS; page++) {
        const { list, total } = await api.transactions(userId, mode, { ...filter, page, size });
        for (const r of list) {
          lines.push(
            [new Date(r.time).toISOString(), r.type, r.currency, r.amount, r.available, r.locked, r.orderNo ?? '']
              .map(csvCell)
              .join(','),
          );
        }
        if (page * size >= Math.min(total, EXPORT_MAX_ROWS)) break;
      }
      return `\uFEFF${lines.join('\r\n')}\r\n`;
    },

    /** The book's balances, each valued in USDT at a recorded tick, and the whole account's value. */
    async balances(userId: number, mode: AccountMode): Promise<BalancesResult> {
      const lines = await ledger.balances(db, userId, mode);
      const balances = await Promise.all(lines.map(valued));
      let sum = 0n;
      for (const b of balances) if (b.valueUsdt !== null) sum += parseDecimal(b.valueUsdt, USDT_SCALE);
      return { mode, balances, totalUsdt: formatDecimal(sum, USDT_SCALE) };
    },

    /** Every currency of the ledger with its USDT market's last price and 24 h change (index/listCurrencies). */
    async currencies(): Promise<ListCurrenciesResult> {
      const [currencies, quotes] = await Promise.all([ledger.listCurrencies(db), usdtQuotes()]);
      return { list: listCurrencies(currencies, quotes) };
    },

    /** One currency's balances, valued, and its 10 latest movements (order/getAssestInfo/{id}). */
    async assetInfo(userId: number, mode: AccountMode, currency: string): Promise<AssetInfo> {
      const line = (await ledger.balances(db, userId, mode)).find((b) => b.currency === currency);
      if (!line) throw new AppError(ErrorCode.NoRecord);
      const recent = await api.transactions(userId, mode, { currency, moves: 'all', page: 1, size: 10 });
      return { mode, balance: await valued(line), recent: recent.list };
    },
  };
  return api;
}

export type AccountsService = ReturnType<typeof createAccountsService>;
