/**
 * The products on top of the ledger (the platform's product wiring): loans, options, smart plans,
 * invites, charity NFTs, customer service and proof of liabilities, each with its back office side
 * and its jobs.
 */
import { adminRepository } from './modules/admin/admin.repository.ts';
import { createAdminLoans } from './modules/admin/admin.loans.ts';
import { createAdminEarn } from './modules/admin/admin.earn.ts';
import { createAdminInvites } from './modules/admin/admin.invites.ts';
import { defineInviteJobs } from './modules/invites/invites.jobs.ts';
import { createInvites } from './modules/invites/invites.service.ts';
import { createUserInvites } from './modules/users/users.invites.ts';
import { defineEarnJobs } from './modules/earn/earn.jobs.ts';
import { createEarn } from './modules/earn/earn.service.ts';
import { defineLoanJobs } from './modules/loans/loans.jobs.ts';
import { createLoans } from './modules/loans/loans.service.ts';
import { createAdminOptions } from './modules/admin/admin.options.ts';
import { defineOptionJobs } from './modules/options/options.jobs.ts';
import { createOptions } from './modules/options/options.service.ts';
import { defineNftJobs } from './modules/nfts/nfts.jobs.ts';
import { defineLiabilitiesJobs } from './modules/liabilities/liabilities.jobs.ts';
import { createReserves } from './modules/liabilities/liabilities.reserves.ts';
import { createLiabilities } from './modules/liabilities/liabilities.service.ts';
import { createNfts } from './modules/nfts/nfts.service.ts';
import { createAdminNfts } from './modules/admin/admin.nfts.ts';
import { createUsersDirectory } from './modules/users/users.directory.ts';
import { createSupport } from './modules/support/support.service.ts';
import { createSupportAgents } from './modules/support/support.agent.ts';
import { createCanned } from './modules/support/support.canned.ts';
import { createAdminSupport } from './modules/admin/admin.support.ts';
import type { Db } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { createAdminUsers } from './modules/admin/admin.users.ts';
import type { Events } from './modules/events/events.service.ts';
import type { createFilesService } from './modules/files/files.service.ts';
import type { Jobs } from './modules/jobs/jobs.service.ts';
import type { createLedgerService } from './modules/ledger/ledger.service.ts';
import type { Levels } from './modules/levels/levels.service.ts';
import type { RateLimiter } from './modules/limits/limits.service.ts';
import type { createMailer } from './modules/mail/mailer.ts';
import type { createMarketService } from './modules/market/market.service.ts';
import type { NotificationsService } from './modules/notifications/notifications.service.ts';
import type { ParamsService } from './modules/params/params.service.ts';
import type { UsersService } from './modules/users/users.service.ts';

export interface ProductsDeps {
  db: Db;
  clock: Clock;
  ledger: ReturnType<typeof createLedgerService>;
  users: UsersService;
  params: ParamsService;
  notifications: NotificationsService;
  jobs: Jobs;
  market: ReturnType<typeof createMarketService>;
  limiter: RateLimiter;
  events: Events;
  files: ReturnType<typeof createFilesService>;
  mailer: ReturnType<typeof createMailer>;
  adminUsers: ReturnType<typeof createAdminUsers>;
  levels: Levels;
}

export function createProducts({
  db,
  clock,
  ledger,
  users,
  params,
  notifications,
  jobs,
  market,
  limiter,
  events,
  files,
  mailer,
  adminUsers,
  levels,
}: ProductsDeps) {
  // Loans: products, applications with their signed agreement, review, daily accrual, repayment.
  const loans = createLoans({
    db,
    clock,
    ledger,
    kycStatus: async (exec, userId) => (await users.byId(exec, userId)).kycStatus,
    username: async (exec, userId) => (await users.byId(exec, userId)).username,
    lender: async () => (await params.get('site_name')) ?? 'OpenBourse',
    notify: notifications.notify,
    published: () => notifications.published(),
  });
  defineLoanJobs(jobs, loans);
  const adminLoans = createAdminLoans({
    db,
    clock,
    loans,
    directory: createUsersDirectory({ db }),
    notify: notifications.notify,
    published: () => notifications.published(),
  });
  // Options: series, quotes, purchases struck at the recorded tick, settlement at expiry by the job runner
  // (its owner notified in the settlement's transaction).
  const options = createOptions({ db, clock, ledger, market, params, limiter, events, notify: notifications.notify });
  defineOptionJobs(jobs, options);
  const adminOptions = createAdminOptions({ db, clock, options, ledger });
  // Smart plans: products, purchases (principal held, yield reserved from the earn treasury), daily payouts, exits.
  const earn = createEarn({
    db,
    clock,
    ledger,
    param: (key) => params.get(key),
    notify: notifications.notify,
    published: () => notifications.published(),
  });
  defineEarnJobs(jobs, earn);
  const adminEarn = createAdminEarn({ db, clock, earn });
  // Invites: the reward rule, the invitees, the daily rewards from the fee account (job runner).
  const invites = createInvites({
    db,
    clock,
    ledger,
    userInvites: createUserInvites(),
    inviteCodeOf: async (exec, userId) => (await users.byId(exec, userId)).inviteCode,
    usernameOf: async (exec, userId) => (await users.byId(exec, userId)).username,
    rewarded: (tx, n) =>
      notifications.notify(tx, {
        userId: n.userId,
        kind: 'inviteReward',
        subject: { type: 'account' },
        params: { amount: n.amount, currency: n.currency, day: n.day },
      }),
    published: () => notifications.published(),
  });
  defineInviteJobs(jobs, invites);
  const adminInvites = createAdminInvites({ db, clock, invites });
  // Charity NFTs: auctions for charities, bids held in the ledger, settlement by the job runner.
  const nfts = createNfts({
    db,
    clock,
    ledger,
    files,
    notify: notifications.notify,
    published: () => notifications.published(),
    username: async (exec, userId) => (await users.byId(exec, userId)).username,
    userExists: async (exec, userId) =>
      users.byId(exec, userId).then(
        () => true,
        () => false,
      ),
    limiter,
    chainAdapter: null,
  });
  defineNftJobs(jobs, nfts);
  const adminNfts = createAdminNfts({ db, clock, nfts });
  // Customer-service chat: conversations, the support inbox, replies mailed when left unread (modules/support).
  const support = createSupport({
    db,
    clock,
    events,
    files,
    users,
    mailer,
    limiter,
    siteName: async () => (await params.get('site_name')) ?? 'OpenBourse',
  });
  const supportAgents = createSupportAgents(support.core);
  const supportCanned = createCanned({ db, clock });
  jobs.define('support.mail-offline', {
    every: 60_000,
    handler: () => supportAgents.mailOffline().then(() => undefined),
  });
  const adminSupport = createAdminSupport({
    db,
    clock,
    agents: supportAgents,
    canned: supportCanned,
    users: adminUsers,
    // The customer's VIP level beside the chat (the levels module's own figure).
    levelOf: (userId) => levels.levelOf(userId),
  });
  // Proof of liabilities: a daily Merkle sum tree of users' real balances; reserves recorded in the back office.
  const liabilities = createLiabilities({ db, clock, ledger });
  defineLiabilitiesJobs(jobs, liabilities);
  const reserves = createReserves({
    db,
    clock,
    ledger,
    audit: (tx, actor, at, entry) => adminRepository.auditAs(tx, actor, at, entry),
  });
  return {
    loans,
    adminLoans,
    options,
    adminOptions,
    earn,
    adminEarn,
    invites,
    adminInvites,
    nfts,
    adminNfts,
    support,
    supportAgents,
    supportCanned,
    adminSupport,
    liabilities,
    reserves,
  };
}
