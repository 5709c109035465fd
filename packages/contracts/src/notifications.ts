import { z } from 'zod';
import { paged, pageQueryFields } from './paging.ts';

/**
 * What a notification is about: the one list of kinds. Each kind has its title and body in every
 * language (locales errors.json `notify.<kind>.title` / `.body`), rendered by the server in the
 * language the list is read in.
 *
 * orderFilled: a waiting (limit / stop) order reached its price and opened; orderCancelled: it
 * reached its price but the margin was no longer there; stopLoss / takeProfit / stopOut: a position
 * closed by that trigger; passwordChanged / passwordReset: the login password changed (signed in)
 * or was reset with a code; withdrawPasswordSet / withdrawPasswordChanged: the withdrawal password
 * set for the first time or changed; newSignIn: the account signed in (login); priceAlert: one of the
 * user's price alerts was reached by a recorded tick (modules/watchlist); depositApproved /
 * depositRejected: a reviewer decided one of the user's deposits (credited, or with the reason);
 * loanApproved / loanRejected: a reviewer decided one of the user's loan applications (paid out with its due
 * date, or with the reason); loanExpired: a loan passed its repayment date unpaid (subject loan, its public id);
 * withdrawalPaid / withdrawalRejected: one of the user's withdrawals paid out, or rejected and released;
 * kycVerified / kycFailed: a reviewer verified the user's identity, or failed it with the reason (subject account);
 * smartShared: a smart plan ran its term, the last yield paid and the principal returned (subject smart, its public id);
 * nftOutbid: another bid (or a buy now) took the lead on a charity NFT, the user's bid released; nftWon: the user's
 * bid won the auction, paid to the charity; nftBought: the user bought an item now; nftUnsold: the auction ended
 * below the reserve, the user's bid released (subject nft, the item's public id);
 * inviteReward: the day's invite rewards paid to the inviter from their friends' trading fees (subject account);
 * optionWon / optionLost: one of the user's options settled at expiry, with a payout or out of the money (subject
 * order: the option order's public id, its instrument's code and account mode).
 */
export const NOTIFICATION_KINDS = [
  'orderFilled',
  'orderCancelled',
  'stopLoss',
  'takeProfit',
  'stopOut',
  'passwordChanged',
  'passwordReset',
  'withdrawPasswordSet',
  'withdrawPasswordChanged',
  'newSignIn',
  'priceAlert',
  'depositApproved',
  'depositRejected',
  'withdrawalPaid',
  'withdrawalRejected',
  'loanApproved',
  'loanRejected',
  'loanExpired',
  'kycVerified',
  'kycFailed',
  'smartShared',
  'nftOutbid',
  'nftWon',
  'nftBought',
  'nftUnsold',
  'inviteReward',
  'optionWon',
  'optionLost',
] as const;
export const NotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKind>;

/**
 * order: one of the user's margin orders; account: the account's security (password, sign-ins);
 * instrument: a market (a price alert), by its id and code; deposit: one of the user's deposits, by its public id.
 */
export const NOTIFICATION_SUBJECTS = [
  'order',
  'account',
  'instrument',
  'deposit',
  'withdrawal',
  'loan',
  'smart',
  'nft',
] as const;
export const NotificationSubjectType = z.enum(NOTIFICATION_SUBJECTS);
export type NotificationSubjectType = z.infer<typeof NotificationSubjectType>;

/** A notification's id as the list gives it: random, so it does not count the platform's notifications. */
export const NotificationId = z
  .number({ error: 'E40001' })
  .int({ error: 'E40001' })
  .positive({ error: 'E40001' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'E40001' });

export const NotificationSubject = z.object({
  type: NotificationSubjectType,
  id: z
    .number()
    .int()
    .nullable()
    .describe(
      'order: the order’s public id (UOrder.id); instrument: the instrument’s id; deposit: its public id; account: null',
    ),
  code: z.string().nullable().describe('order, instrument: the instrument’s code (for a link to its market page)'),
  mode: z.enum(['real', 'demo']).nullable().describe('order: the account the order is in'),
});
export type NotificationSubject = z.infer<typeof NotificationSubject>;

export const Notification = z.object({
  id: z.number().int(),
  kind: NotificationKind,
  title: z.string().describe("In the request's language"),
  body: z.string().describe("In the request's language"),
  subject: NotificationSubject,
  createdAt: z.number().int().describe('Epoch ms'),
  read: z.boolean(),
});
export type Notification = z.infer<typeof Notification>;

export const ListNotificationsQuery = z.object({ ...pageQueryFields });
export type ListNotificationsQuery = z.input<typeof ListNotificationsQuery>;

export const ListNotificationsResult = paged(Notification).extend({
  unread: z.number().int().describe('How many of all the user’s notifications are unread'),
});
export type ListNotificationsResult = z.infer<typeof ListNotificationsResult>;

export const UnreadCountResult = z.object({ unread: z.number().int() });
export type UnreadCountResult = z.infer<typeof UnreadCountResult>;

/** Exactly one of `ids` (those of one's own; others' are ignored) and `all: true`. */
export const ReadNotificationRequest = z
  .object({
    ids: z
      .array(NotificationId, { error: 'E40001' })
      .min(1, { error: 'E40001' })
      .max(100, { error: 'E40001' })
      .optional()
      .describe('Notification ids to mark read (1..100)'),
    all: z.literal(true, { error: 'E40001' }).optional().describe('true: mark every notification read'),
  })
  .refine((v) => (v.ids === undefined) !== (v.all === undefined), { error: 'E40001', path: ['ids'] });
export type ReadNotificationRequest = z.input<typeof ReadNotificationRequest>;

export const ReadNotificationResult = z.object({
  marked: z.number().int().describe('How many were unread and are now read'),
  unread: z.number().int(),
});
export type ReadNotificationResult = z.infer<typeof ReadNotificationResult>;

/**
 * WebSocket push to the user's signed-in sockets: a notification arrived (`id`) or some were read
 * (`id` null); `unread` is the count after it.
 */
export const NotificationPush = z.object({
  ch: z.literal('notifications'),
  id: z.number().int().nullable(),
  unread: z.number().int(),
});
export type NotificationPush = z.infer<typeof NotificationPush>;
