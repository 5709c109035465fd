import { z } from 'zod';
import { paged, pageQueryFields } from './paging.ts';
import { SecondFactorProof } from './twofactor.ts';

/**
 * Money in and out (spec §3 Deposit / Withdrawal, §7 user/recharge, user/listRecharge): the coins and
 * networks the platform receives on, deposits declared by users with a proof image, and the
 * operators' review of them. Amounts are decimal strings at the currency's scale (DESIGN §1.1).
 */

const CODE = /^[A-Z0-9]{2,12}$/;
const DECIMAL_INPUT = /^(0|[1-9]\d*)(\.\d+)?$/;

/** Spec §5: an empty field answers its "required" code, a filled wrong one its own. */
function required<T extends z.ZodType<unknown, string>>(code: number, schema: T) {
  return z
    .string({ error: `E${code}` })
    .trim()
    .min(1, { error: `E${code}` })
    .pipe(schema);
}

export const CurrencyCode = z.string({ error: 'E40001' }).regex(CODE, { error: 'E40001' });
export const NetworkCode = z.string({ error: 'E40035' }).regex(CODE, { error: 'E40035' });

/** A coin on a network the platform receives it on, as the deposit page shows it. */
export const DepositNetwork = z.object({
  currency: z.string().describe('e.g. USDT'),
  network: z.string().describe('e.g. TRC20, ERC20, BTC'),
  minDeposit: z.string().describe('Smallest deposit accepted (spec §9: USDT 120, BTC 0.015, ETH 0.2)'),
  scale: z.number().int().describe("Decimals the currency's amounts may carry"),
  address: z
    .string()
    .nullable()
    .describe("The operator's receiving address on this network; null until one is set (deposits refused, 10021)"),
});
export type DepositNetwork = z.infer<typeof DepositNetwork>;

export const ListDepositNetworksResult = z.object({ list: z.array(DepositNetwork) });
export type ListDepositNetworksResult = z.infer<typeof ListDepositNetworksResult>;

/** A transaction hash as wallets show it: 64 hexadecimal digits, with 0x on Ethereum networks. */
export const TX_HASH_PATTERN = /^(0x)?[0-9a-fA-F]{64}$/;

export const RechargeRequest = z.object({
  currency: CurrencyCode,
  network: NetworkCode,
  amount: required(40037, z.string().max(40, { error: 'E40038' }).regex(DECIMAL_INPUT, { error: 'E40038' })).describe(
    'Amount sent, a decimal string at most the currency’s scale (40038 otherwise; below the minimum 40033)',
  ),
  txHash: required(40039, z.string().regex(TX_HASH_PATTERN, { error: 'E40039' })).describe(
    'The transaction hash of the transfer (64 hex digits, 0x-prefixed on Ethereum networks); once per platform',
  ),
  last6: required(40040, z.string().regex(/^[A-Za-z0-9]{6}$/, { error: 'E40040' })).describe(
    'The last 6 characters of the address the coins were sent from',
  ),
  proofFileId: z
    .string({ error: 'E40017' })
    .uuid({ error: 'E40017' })
    .describe('An image the user uploaded with purpose deposit-proof (POST file/upload)'),
});
export type RechargeRequest = z.input<typeof RechargeRequest>;

export const DEPOSIT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const DepositStatus = z
  .enum(DEPOSIT_STATUSES)
  .describe('pending: waiting for review; approved: credited to the real account; rejected: with a reason');
export type DepositStatus = z.infer<typeof DepositStatus>;

export const Deposit = z.object({
  id: z.number().int().describe('Public id (random)'),
  currency: z.string(),
  network: z.string(),
  amount: z.string(),
  txHash: z.string(),
  last6: z.string(),
  address: z.string().describe('The receiving address shown when it was declared'),
  status: DepositStatus,
  reason: z.string().nullable().describe('Why it was rejected'),
  proofFileId: z.string().describe('GET file/{id} (owner only)'),
  createdAt: z.number().int().describe('Epoch ms'),
  decidedAt: z.number().int().nullable().describe('Epoch ms of the review'),
});
export type Deposit = z.infer<typeof Deposit>;

export const ListRechargeQuery = z.object({
  status: DepositStatus.optional().describe('Only this state; absent: all'),
  ...pageQueryFields,
});
export type ListRechargeQuery = z.input<typeof ListRechargeQuery>;

export const ListRechargeResult = paged(Deposit);
export type ListRechargeResult = z.infer<typeof ListRechargeResult>;

// ------------------------------------------------------------------ the back office (admin API)

/** A network's whole configuration, as operators edit it. */
export const AdminNetwork = z.object({
  id: z.number().int(),
  currency: z.string(),
  network: z.string(),
  enabled: z.boolean(),
  address: z.string().nullable(),
  minDeposit: z.string(),
  withdrawFeeRate: z.string().describe('Share of a withdrawal taken as its fee, e.g. 0.005 for 0.5 %'),
  minWithdraw: z.string(),
  dailyWithdrawLimit: z.string().describe('Most a user may withdraw in a UTC day'),
});
export type AdminNetwork = z.infer<typeof AdminNetwork>;

export const AdminNetworksResult = z.object({ list: z.array(AdminNetwork) });
export type AdminNetworksResult = z.infer<typeof AdminNetworksResult>;

const AdminDecimal = z
  .string({ error: 'E40001' })
  .max(40, { error: 'E40001' })
  .regex(DECIMAL_INPUT, { error: 'E40001' });

export const AdminNetworkUpdate = z.object({
  enabled: z.boolean({ error: 'E40001' }).optional(),
  address: z
    .string({ error: 'E40001' })
    .trim()
    .max(128, { error: 'E40001' })
    .regex(/^[A-Za-z0-9:]*$/, { error: 'E40001' })
    .nullable()
    .optional()
    .describe('"" or null: none (deposits on this network are refused)'),
  minDeposit: AdminDecimal.optional(),
  withdrawFeeRate: AdminDecimal.refine((v) => Number(v) < 1, { error: 'E40001' }).optional(),
  minWithdraw: AdminDecimal.optional(),
  dailyWithdrawLimit: AdminDecimal.optional(),
});
export type AdminNetworkUpdate = z.input<typeof AdminNetworkUpdate>;

export const FundingIdParams = z.object({
  id: z.coerce
    .number({ error: 'E40001' })
    .int({ error: 'E40001' })
    .min(1, { error: 'E40001' })
    .max(2 ** 53),
});

export const AdminDepositsQuery = z.object({
  status: DepositStatus.optional().describe('absent: all, waiting ones first'),
  ...pageQueryFields,
});
export type AdminDepositsQuery = z.input<typeof AdminDepositsQuery>;

export const AdminDeposit = Deposit.extend({
  user: z.object({ id: z.number().int(), username: z.string() }),
  decidedBy: z.string().nullable().describe("The reviewer's email"),
});
export type AdminDeposit = z.infer<typeof AdminDeposit>;

export const AdminDepositsPage = paged(AdminDeposit);
export type AdminDepositsPage = z.infer<typeof AdminDepositsPage>;

export const AdminRejectRequest = z.object({
  reason: z
    .string({ error: 'E40001' })
    .trim()
    .min(3, { error: 'E40001' })
    .max(500, { error: 'E40001' })
    .describe('Shown to the user with the rejection'),
});
export type AdminRejectRequest = z.input<typeof AdminRejectRequest>;

// ------------------------------------------------------------------ withdrawals (user/withdrawal)

export const WITHDRAWAL_METHODS = ['crypto', 'bank'] as const;
export const WithdrawalMethod = z.enum(WITHDRAWAL_METHODS, { error: 'E10025' });

/** The pseudo-network of bank payouts: its row holds the bank method's fee rate and limits. */
export const BANK_NETWORK = 'BANK';

const bankField = (max: number) => z.string({ error: 'E40042' }).trim().max(max, { error: 'E40042' }).optional();

export const WithdrawalRequest = z.object({
  method: WithdrawalMethod.describe('crypto: to an address on a network; bank: to a bank account (10025 when absent)'),
  currency: CurrencyCode,
  network: NetworkCode.optional().describe('crypto: the network the address is on (TRC20, ERC20, BTC …)'),
  address: z
    .string({ error: 'E10021' })
    .trim()
    .max(100, { error: 'E40041' })
    .optional()
    .describe('crypto: the receiving address (10021 when empty; 40041 when not an address of the network)'),
  bankHolder: bankField(100).describe('bank: the account holder’s name (40042 when empty)'),
  bankAccount: bankField(40).describe('bank: the account number or IBAN (40042 when empty)'),
  bankType: bankField(100).describe('bank: the bank’s name (40042 when empty)'),
  amount: required(40037, z.string().max(40, { error: 'E40038' }).regex(DECIMAL_INPUT, { error: 'E40038' })).describe(
    'What the receiver gets; the fee is held on top',
  ),
  txPassword: z
    .string({ error: 'E40043' })
    .min(1, { error: 'E40043' })
    .max(64, { error: 'E10093' })
    .describe('The withdrawal password (40006 when none is set, 10093 when wrong)'),
  proof: SecondFactorProof.optional().describe(
    'A current second factor, required once the user has one (40120 when missing, 40121 when wrong, 40123 after too many tries)',
  ),
});
export type WithdrawalRequest = z.input<typeof WithdrawalRequest>;

export const WithdrawalQuoteQuery = z.object({
  currency: CurrencyCode,
  network: NetworkCode.describe('A network, or BANK for a bank payout'),
  amount: z
    .string({ error: 'E40038' })
    .max(40, { error: 'E40038' })
    .regex(DECIMAL_INPUT, { error: 'E40038' })
    .optional(),
});
export type WithdrawalQuoteQuery = z.input<typeof WithdrawalQuoteQuery>;

/** What a withdrawal would cost, shown before the user confirms. */
export const WithdrawalQuote = z.object({
  currency: z.string(),
  network: z.string(),
  feeRate: z.string().describe('Share of the amount, e.g. 0.005'),
  minWithdraw: z.string(),
  dailyLimit: z.string(),
  usedToday: z.string().describe('Withdrawn or waiting today (UTC), in the currency'),
  available: z.string().describe('The real available balance'),
  amount: z.string().nullable().describe('The amount asked (null without one)'),
  fee: z.string().nullable().describe('The fee on it, rounded up to the currency’s scale'),
  total: z.string().nullable().describe('Held from the balance: amount + fee'),
  received: z.string().nullable().describe('What the receiver gets: the amount'),
});
export type WithdrawalQuote = z.infer<typeof WithdrawalQuote>;

export const WithdrawalNetwork = z.object({
  currency: z.string(),
  network: z.string(),
  scale: z.number().int(),
  feeRate: z.string(),
  minWithdraw: z.string(),
  dailyLimit: z.string(),
});
export const ListWithdrawalNetworksResult = z.object({ list: z.array(WithdrawalNetwork) });
export type ListWithdrawalNetworksResult = z.infer<typeof ListWithdrawalNetworksResult>;

export const WITHDRAWAL_STATUSES = ['pending', 'success', 'rejected'] as const;
export const WithdrawalStatus = z
  .enum(WITHDRAWAL_STATUSES)
  .describe(
    'pending: held, waiting for review; success: paid out (payoutRef); rejected: with a reason, the hold released',
  );
export type WithdrawalStatus = z.infer<typeof WithdrawalStatus>;

export const Withdrawal = z.object({
  id: z.number().int().describe('Public id (random)'),
  method: z.enum(WITHDRAWAL_METHODS),
  currency: z.string(),
  network: z.string(),
  address: z.string().nullable(),
  bankHolder: z.string().nullable(),
  bankAccount: z.string().nullable(),
  bankType: z.string().nullable(),
  amount: z.string().describe('What the receiver gets'),
  fee: z.string(),
  status: WithdrawalStatus,
  reason: z.string().nullable(),
  payoutRef: z.string().nullable().describe('The transaction hash or bank reference of the payout'),
  createdAt: z.number().int(),
  decidedAt: z.number().int().nullable(),
});
export type Withdrawal = z.infer<typeof Withdrawal>;

export const ListWithdrawalQuery = z.object({ status: WithdrawalStatus.optional(), ...pageQueryFields });
export type ListWithdrawalQuery = z.input<typeof ListWithdrawalQuery>;
export const ListWithdrawalResult = paged(Withdrawal);
export type ListWithdrawalResult = z.infer<typeof ListWithdrawalResult>;

export const AdminWithdrawalsQuery = z.object({ status: WithdrawalStatus.optional(), ...pageQueryFields });
export type AdminWithdrawalsQuery = z.input<typeof AdminWithdrawalsQuery>;
export const AdminWithdrawal = Withdrawal.extend({
  user: z.object({ id: z.number().int(), username: z.string() }),
  decidedBy: z.string().nullable(),
});
export type AdminWithdrawal = z.infer<typeof AdminWithdrawal>;
export const AdminWithdrawalsPage = paged(AdminWithdrawal);
export type AdminWithdrawalsPage = z.infer<typeof AdminWithdrawalsPage>;

export const AdminPayoutRequest = z.object({
  payoutRef: z
    .string({ error: 'E40001' })
    .trim()
    .min(3, { error: 'E40001' })
    .max(128, { error: 'E40001' })
    .describe('The payout’s transaction hash or bank reference, shown to the user'),
});
export type AdminPayoutRequest = z.input<typeof AdminPayoutRequest>;
