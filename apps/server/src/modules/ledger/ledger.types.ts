/** Which book an account belongs to: the user's real money or the demo account's virtual money. */
export type Mode = 'real' | 'demo';
export const MODES: readonly Mode[] = ['real', 'demo'];

/**
 * A user's money is split into what they can spend and what open orders / withdrawals hold; `debt`
 * is not money of theirs but what they owe on loans (its balance is the amount owed, moved only
 * against the platform's `loan_receivable`): balances and statements leave it out.
 */
export type UserAccountKind = 'available' | 'locked' | 'debt';
/** The platform's side of every posting: treasury (funding, payouts), fees, faucet (demo money), clearing (trades), deposits (the coins users sent in, credited on approval), exchange (the currencies users exchange: it takes what they give and pays what they receive, so it may go negative in one currency). */
export type PlatformAccountKind =
  | 'treasury'
  | 'fees'
  | 'faucet'
  | 'clearing'
  | 'deposits'
  | 'exchange'
  /** Pays loans' principal out and takes their repayment (principal and interest) back; goes negative like the treasury. */
  | 'loans'
  /** The other side of users' `debt` accounts: minus what users owe on loans (principal and interest accrued). */
  | 'loan_receivable'
  /** Smart plans' treasury: funded with house money, free to back new plans' yields. */
  | 'earn_treasury'
  /** The yields still to pay on earning smart plans, reserved from `earn_treasury` when each was sold. */
  | 'earn_reserved'
  /** Options: takes premiums in and pays payouts at expiry; may go negative. */
  | 'options'
  /** Charity NFTs: the donations from sales, held for the charities (visible: its total is shown on /nfts). */
  | 'charity';
export type AccountKind = UserAccountKind | PlatformAccountKind;
export const USER_ACCOUNT_KINDS: readonly UserAccountKind[] = ['available', 'locked', 'debt'];
/** The user kinds that are the user's money (balances, statements, the transaction record). */
export const MONEY_ACCOUNT_KINDS: readonly UserAccountKind[] = ['available', 'locked'];
export const PLATFORM_ACCOUNT_KINDS: readonly PlatformAccountKind[] = [
  'treasury',
  'fees',
  'faucet',
  'clearing',
  'deposits',
  'exchange',
  'loans',
  'loan_receivable',
  'earn_treasury',
  'earn_reserved',
  'options',
  'charity',
];

/**
 * A platform account (kind, mode, currency) exists as up to this many shards, so that postings of
 * unrelated operations (each order's fee, say) do not all queue on one row: a caller names the
 * shard (e.g. by its order id), and the platform's figure is the sum of its shards
 * (`platformBalance`). Shard 0 is the account as it was before sharding.
 */
export const PLATFORM_SHARDS = 16;

export interface Currency {
  code: string;
  name: string;
  scale: number;
  kind: 'crypto' | 'fiat';
  sort: number;
}

export interface Account {
  id: number;
  /** null for a platform account. */
  userId: number | null;
  mode: Mode;
  currency: string;
  kind: AccountKind;
  /** Decimal string at the currency's scale. */
  balance: string;
  nonNegative: boolean;
  /** Which shard of a platform account (always 0 for users). */
  shard: number;
}

/**
 * Names an account in a transfer: its id, a user's available account, or a platform account. The
 * mode of a descriptor is explicit so real and demo money can never meet by default. Locked
 * accounts are reachable only through holds.
 */
export type AccountRef =
  | number
  | { userId: number; mode: Mode; kind?: 'available' | 'debt' }
  | { platform: PlatformAccountKind; mode: Mode /** 0 (default) … PLATFORM_SHARDS − 1 */; shard?: number };

export interface Transfer {
  id: number;
  key: string;
  debitAccountId: number;
  creditAccountId: number;
  currency: string;
  /** Decimal string at the currency's scale. */
  amount: string;
  code: string;
  holdId: number | null;
  refType: string | null;
  refId: string | null;
  memo: string | null;
  createdAt: Date;
}

/** A transfer as an operation returns it: `replayed` is true when the key had already been applied. */
export interface TransferResult extends Transfer {
  replayed: boolean;
}

export interface TransferInput {
  /** Idempotency key, unique across the ledger: prefix it with its domain (`order:42:fill:3`). */
  key: string;
  debit: AccountRef;
  credit: AccountRef;
  currency: string;
  /** Positive decimal string with at most the currency's scale of decimals. */
  amount: string;
  /** Why the money moved (see README): `demo_fund`, `deposit`, `trade_fee`, … */
  code: string;
  refType?: string | null;
  refId?: string | null;
  memo?: string | null;
}

export type HoldStatus = 'pending' | 'posted' | 'voided';

export interface Hold {
  id: number;
  key: string;
  userId: number;
  mode: Mode;
  currency: string;
  /** Decimal strings at the currency's scale. */
  amount: string;
  remaining: string;
  status: HoldStatus;
  code: string;
  refType: string | null;
  refId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface HoldInput {
  /** Idempotency key of the hold; its locking transfer's key is `hold:<key>`. */
  key: string;
  userId: number;
  mode: Mode;
  currency: string;
  amount: string;
  /** Why the money is held (`spot_order`, `withdrawal`, …). */
  code: string;
  refType?: string | null;
  refId?: string | null;
}

export type HoldSelector = { holdId: number; holdKey?: undefined } | { holdKey: string; holdId?: undefined };

export type PostHoldInput = HoldSelector & {
  /** Idempotency key of the posting transfer. */
  key: string;
  /** Part of the remaining amount; absent → all of it. */
  amount?: string;
  /** Destination of the held money (same mode and currency). */
  to: AccountRef;
  /** Transfer code; default `hold_post`. */
  code?: string;
  refType?: string | null;
  refId?: string | null;
  memo?: string | null;
};

export type VoidHoldInput = HoldSelector & {
  /** Idempotency key of the releasing transfer. */
  key: string;
  /** Transfer code; default `hold_void`. */
  code?: string;
  memo?: string | null;
};

export interface HoldResult {
  hold: Hold;
  /** The transfer this call made or replayed; null when voiding a hold that was already voided. */
  transfer: TransferResult | null;
  replayed: boolean;
}

export interface BalanceLine {
  currency: string;
  name: string;
  scale: number;
  available: string;
  locked: string;
  total: string;
}

/** One line of a user's statement: signed changes from the user's side, at the currency's scale. */
export interface StatementEntry {
  id: number;
  time: Date;
  /** Why: the transfer's code, or for a hold's own transfer the hold's code. */
  code: string;
  currency: string;
  /** Change of available + locked. */
  amount: string;
  available: string;
  locked: string;
  refType: string | null;
  refId: string | null;
}

export interface TrialBalance {
  /** True when every check below is clean. */
  ok: boolean;
  /** Per (mode, currency): the sum of all account balances. Double entry makes each one zero. */
  totals: { mode: Mode; currency: string; total: string; accounts: number }[];
  /** Accounts whose stored balance differs from credits − debits of their transfers. */
  accountMismatches: { accountId: number; balance: string; expected: string }[];
  /** Non-negative accounts below zero (the CHECK constraint should make this impossible). */
  negativeAccounts: { accountId: number; balance: string }[];
  /** Transfers whose two accounts disagree with each other or with the transfer on mode or currency. */
  crossedTransfers: number[];
  /** Locked accounts whose balance differs from the remaining amount of the user's holds. */
  holdMismatches: { userId: number; mode: Mode; currency: string; locked: string; held: string }[];
}
