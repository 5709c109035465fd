/**
 * The composition root: every service of the platform, built once from plain factories with its
 * dependencies, and the order in which they start and stop. The HTTP shell (app.ts) registers each
 * module's routes as a plugin over these services; tests and benchmarks reach them as `services`.
 */
import type { Quote } from '@openbourse/contracts/market.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { BuildOptions } from './app.ts';
import { createBackOffice } from './platform.admin.ts';
import { createIdentity } from './platform.identity.ts';
import { createProducts } from './platform.products.ts';
import type { Clock } from './lib/clock.ts';
import { checkKeyFingerprint } from './lib/secret-box.fingerprint.ts';
import { CONFIG_TOPIC } from './modules/admin/admin.instruments.ts';
import { createAdminFunding } from './modules/admin/admin.funding.ts';
import { createAdminKyc } from './modules/admin/admin.kyc.ts';
import { createKycService } from './modules/kyc/kyc.service.ts';
import { createUsersDirectory } from './modules/users/users.directory.ts';
import { createLeases } from './modules/cluster/cluster.leases.ts';
import { ROLES } from './modules/cluster/cluster.roles.ts';
import { createContentService } from './modules/content/content.service.ts';
import { createEvents } from './modules/events/events.service.ts';
import { createExchangeService } from './modules/exchange/exchange.service.ts';
import { createFeesService } from './modules/fees/fees.service.ts';
import { formatVolume, volumeUnits } from './modules/levels/levels.arithmetic.ts';
import { defineLevelJobs } from './modules/levels/levels.jobs.ts';
import { createLevels } from './modules/levels/levels.service.ts';
import { blobStoreFromConfig } from './modules/files/blob-store.ts';
import { createFilesService } from './modules/files/files.service.ts';
import { createHomeService } from './modules/home/home.service.ts';
import { createJobs } from './modules/jobs/jobs.service.ts';
import { createLedgerService } from './modules/ledger/ledger.service.ts';
import { createRedisRateLimiter } from './modules/limits/limits.redis.ts';
import { createRateLimiter } from './modules/limits/limits.service.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { marketOptionsFromEnv } from './modules/market/market.config.ts';
import { createMarketService } from './modules/market/market.service.ts';
import { createRedisTickStream } from './modules/market/market.stream.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { pushOptionsFromEnv } from './modules/push/push.config.ts';
import { createPushService } from './modules/push/push.service.ts';
import { createParamsService } from './modules/params/params.service.ts';
import { createMarketMaker, MARKET_MAKER_USERNAME, unusablePassword } from './modules/spot/spot.maker.ts';
import { createSpotService } from './modules/spot/spot.service.ts';
import { createTradingService, tradingOptionsFromEnv } from './modules/trading/trading.service.ts';
import { defineAuthJobs } from './modules/auth/auth.retention.ts';
import { createAccountsService } from './modules/wallet/accounts.service.ts';
import { createDeposits } from './modules/wallet/wallet.deposits.ts';
import { createWithdrawals } from './modules/wallet/wallet.withdrawals.ts';
import { createWatchlistService } from './modules/watchlist/watchlist.service.ts';

export function createPlatform(opts: BuildOptions & { clock: Clock; log: FastifyBaseLogger }) {
  const { clock, log } = opts;
  const { db } = opts.database;
  const params = createParamsService({ db, clock });
  const mailer = createMailer({ db, smtpUrl: opts.config.SMTP_URL, from: opts.config.MAIL_FROM, clock, log: log });
  const roles = opts.config.ROLES?.length ? opts.config.ROLES : [...ROLES];
  const redisPrefix = opts.config.REDIS_PREFIX ?? 'openbourse';
  const events = createEvents({
    db,
    clock,
    log: log,
    redisUrl: opts.config.REDIS_URL,
    redisChannel: `${redisPrefix}:events`,
  });
  const notifications = createNotificationsService({ db, clock, events, log: log });
  // Per-client limits and counters, shared by every process: in Redis when configured, else in the database.
  const redisLimiter = opts.config.REDIS_URL
    ? createRedisRateLimiter({ url: opts.config.REDIS_URL, clock, prefix: `${redisPrefix}:limit:` })
    : null;
  const limiter = redisLimiter ?? createRateLimiter({ db, clock });
  // A web push for each new notification, sent by the push relay after the commit (modules/push).
  const push = createPushService({
    db,
    clock,
    notifications,
    events,
    limiter,
    log,
    options: { ...pushOptionsFromEnv(process.env), ...opts.push },
  });
  // Who a request is: accounts, sign-in (password, Google, wallet), the second factor, API keys.
  const { secrets, ...identity } = createIdentity(opts, {
    db,
    clock,
    log,
    params,
    mailer,
    notifications,
    events,
    limiter,
  });
  const { users, auth, twoFactor, oauth, walletSignIn } = identity;
  const content = createContentService({ db, clock, params });
  const fees = createFeesService({ db, clock });
  const marketOptions = { ...marketOptionsFromEnv(process.env), ...opts.market };
  // The owner of the feed publishes its ticks to the other processes (REDIS_URL); they hear them.
  const tickStream = opts.config.REDIS_URL
    ? createRedisTickStream({
        url: opts.config.REDIS_URL,
        channel: `${redisPrefix}:ticks`,
        onError: (err) => log.warn({ err }, 'market: tick stream'),
      })
    : null;
  const market = createMarketService({ db, clock, log: log, options: marketOptions, stream: tickStream });
  // Durable jobs, each period run once by one process (DESIGN §6): periodic maintenance goes here.
  const jobs = createJobs({ database: opts.database, clock, log: log, ...(opts.jobs ? { options: opts.jobs } : {}) });
  jobs.define('market.prune-ticks', { every: marketOptions.pruneEveryMs, handler: () => market.prune() });
  jobs.define('push.sweep', { every: 3_600_000, handler: () => push.sweep().then(() => undefined) });
  // Housekeeping: published events kept a day, expired rate-limit keys.
  jobs.define('events.sweep', { every: 'hour', handler: () => events.sweep().then(() => undefined) });
  jobs.define('jobs.sweep', { every: 'hour', handler: () => jobs.sweep().then(() => undefined) });
  jobs.define('oauth.sweep', { every: 'hour', handler: () => oauth.service.sweep().then(() => undefined) });
  jobs.define('wallet-signin.sweep', { every: 'hour', handler: () => walletSignIn.sweep().then(() => undefined) });
  jobs.define('twofactor.sweep', { every: 'hour', handler: () => twoFactor.sweep().then(() => undefined) });
  defineAuthJobs(jobs, db, clock);
  jobs.define('limits.sweep', { every: 5 * 60_000, handler: () => limiter.sweep().then(() => undefined) });
  const ledger = createLedgerService({ db, clock });
  // VIP levels: set daily from each user's 30-day volume (margin, spot, exchange: read at run time
  // through their services, created below); the discount comes off every fee they pay.
  const levels = createLevels({
    db,
    clock,
    volumes: [
      (exec, since, until) => trading.volumeByUser(exec, since, until),
      (exec, since, until) => spot.volumeByUser(exec, since, until),
      (exec, since, until) => exchange.volumeByUser(exec, since, until),
    ],
    balance: async (exec, userId) => {
      const b = await ledger.balance(exec, userId, 'real', 'USDT').catch(() => null);
      if (!b) return '0';
      return formatVolume(volumeUnits(b.available) + volumeUnits(b.locked));
    },
  });
  defineLevelJobs(jobs, db, levels);
  /** The last recorded quote of a coin's USDT market (balances value coins by it, exchanges price them). */
  const usdtMarketQuote = async (currency: string, { tradableOnly }: { tradableOnly: boolean }) => {
    const inst = await market.getInstrument(`${currency}USDT`).catch(() => null);
    if (!inst) return null;
    if (
      tradableOnly &&
      !(await market.assertTradable(inst.id).then(
        () => true,
        () => false,
      ))
    )
      return null;
    const quote = market.currentQuote(inst.id);
    return quote ? { bid: quote.bid, ask: quote.ask, tickId: quote.tickId } : null;
  };
  const accounts = createAccountsService({
    db,
    ledger,
    params,
    orderRefs: (userId, ids) => trading.orderRefs(userId, ids),
    // A coin's value: the bid of its USDT market's last recorded tick (what selling it would fetch).
    priceInUsdt: async (currency) => {
      if (currency === 'USDT') return { price: '1', tickId: null };
      const quote = await usdtMarketQuote(currency, { tradableOnly: false });
      return quote ? { price: quote.bid, tickId: quote.tickId } : null;
    },
    // The currency list's prices and 24 h changes: each enabled USDT market's quote, by its base currency.
    usdtQuotes: async () => {
      const markets = (await market.listInstruments()).filter((i) => i.quote === 'USDT');
      const out = new Map<string, Quote>();
      for (const type of new Set(markets.map((i) => i.type))) {
        const byId = new Map((await market.quoteList(type)).quotes.map((q) => [q.id, q]));
        for (const inst of markets) {
          const q = byId.get(inst.id);
          if (q && !out.has(inst.base)) out.set(inst.base, q);
        }
      }
      return out;
    },
  });
  const trading = createTradingService({
    db,
    clock,
    ledger,
    market,
    params,
    options: { ...tradingOptionsFromEnv(process.env), ...opts.trading },
    log: log,
    events,
    notify: notifications.notify,
    feeDiscount: levels.feeDiscount,
  });
  // Spot exchange: one owner of every order book (the engine's lease), group-committed batches.
  const spot = createSpotService({
    db,
    clock,
    ledger,
    events,
    market,
    log,
    feeDiscounts: (userIds) => levels.discountsOf(userIds),
    discountsStatement: levels.discountsStatement,
    discountsGuardPart: levels.discountsGuardPart,
    oneWrite: process.env.SPOT_ONE_WRITE !== '0',
  });
  // The platform's visible market maker (modules/spot/spot.maker.ts): quotes with the feed's price.
  const makerEveryMs = Number(process.env.SPOT_MAKER_EVERY_MS ?? 5000);
  const maker = createMarketMaker({
    db,
    clock,
    ledger,
    market,
    spot,
    log,
    everyMs: makerEveryMs,
    ensureUser: async () => {
      const user = await auth.ensureUser(db, {
        username: MARKET_MAKER_USERNAME,
        email: 'market-maker@platform.invalid',
        password: unusablePassword(),
      });
      if (!user) throw new Error('spot: the market maker’s account could not be created');
      return user.id;
    },
  });
  // Favourites and price alerts; the alerts' evaluator fires them from the recorded ticks.
  const watchlist = createWatchlistService({
    db,
    clock,
    market,
    events,
    notifications,
    log,
    ...(opts.watchlist ? { options: opts.watchlist } : {}),
  });
  // One owner at a time for the trigger runner and the feed among the processes with those roles
  // (modules/cluster). The engine's lease is tried first: its runner subscribes to ticks and loads
  // open positions before a feed here starts, so no tick is missed.
  const leases = createLeases({ url: opts.database.url, retryMs: opts.leaseRetryMs, log: log });
  if (roles.includes('engine')) leases.add('engine', { acquired: () => trading.start(), lost: () => trading.stop() });
  // The spot books are rebuilt from the database by whoever takes their lease (after a crash too).
  if (roles.includes('engine')) {
    leases.add('spot', {
      acquired: async () => {
        await spot.start();
        if (makerEveryMs > 0) maker.start();
      },
      lost: async () => {
        await maker.stop();
        await spot.stop();
      },
    });
  }
  // Price alerts are evaluated once, by one process with the engine role; before the feed, like the runner.
  if (roles.includes('engine'))
    leases.add('alerts', { acquired: () => watchlist.start(), lost: () => watchlist.stop() });
  if (roles.includes('feed')) leases.add('feed', { acquired: () => market.lead(), lost: () => market.unlead() });
  const home = createHomeService({
    clock,
    users,
    fees,
    sources: opts.homeSources ?? market.homeSources({ tradedVolume24hUsdt: () => trading.volume24hUsdt() }),
  });
  // Uploads: a folder under DATA_DIR, or an S3-compatible store (S3_*).
  const fileStore = blobStoreFromConfig(opts.config);
  const files = createFilesService({ db, store: fileStore, clock, log });
  // The back office: operators' sign-in (TOTP sealed in the secret box), accounts and audit, users, settings.
  const backOffice = createBackOffice({
    db,
    clock,
    limiter,
    sessionTtlMs: (opts.config.ADMIN_SESSION_TTL_HOURS ?? 8) * 3_600_000,
    twoFactorBox: secrets['admin-twofactor'],
    users,
    trading,
    ledger,
    params,
    market,
    events,
    levels,
  });
  const { adminAuth, adminUsers } = backOffice;
  // An operator's instrument edit, heard by every process: instruments reloaded, the feed restarted.
  // A spot pair's edit: every process reloads its pairs.
  events.subscribe(CONFIG_TOPIC, (m) => {
    const kind = (m.payload as { kind?: string }).kind;
    if (kind === 'spotPairs') {
      spot.loadPairs().catch((err: unknown) => log.error({ err }, 'spot: reloading pairs failed'));
      return;
    }
    if (kind !== 'instruments') return;
    market
      .reloadInstruments()
      .then(() => trading.refreshInstruments())
      .catch((err: unknown) => log.error({ err }, 'market: reloading instruments failed'));
  });
  // Money in and out: the networks, deposits and their review in the back office.
  const deposits = createDeposits({ db, clock, ledger, files });
  const withdrawals = createWithdrawals({
    db,
    clock,
    ledger,
    limiter,
    txPasswordHash: async (userId) => (await users.byId(db, userId)).txPasswordHash,
    secondFactor: (userId, proof, rp) => twoFactor.verifyStepUp(userId, proof, rp),
  });
  // Currency exchange (user/dh): quotes at the recorded ticks of each coin's USDT market.
  const exchange = createExchangeService({
    db,
    clock,
    ledger,
    params,
    // Only a market that may be traded now (enabled, in session, its live quote fresh) prices one.
    usdtQuote: (currency) => usdtMarketQuote(currency, { tradableOnly: true }),
    limiter,
    feeDiscount: levels.feeDiscount,
  });
  jobs.define('exchange.sweep-quotes', { every: 'hour', handler: () => exchange.sweep().then(() => undefined) });
  const adminFunding = createAdminFunding({
    db,
    clock,
    deposits,
    withdrawals,
    directory: createUsersDirectory({ db }),
    notify: notifications.notify,
    published: () => notifications.published(),
  });
  // Identity verification (KYC): applications, their review, users.kyc_status kept in step.
  const kyc = createKycService({ db, clock, params, files, users, limiter });
  const adminKyc = createAdminKyc({
    db,
    clock,
    kyc,
    directory: createUsersDirectory({ db }),
    notify: notifications.notify,
    published: () => notifications.published(),
  });
  // The products on top of the ledger: loans, options, smart plans, invites, charity NFTs, support, proof of liabilities.
  const products = createProducts({
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
  });
  const services = {
    ...identity,
    ...products,
    ...backOffice,
    levels,
    kyc,
    adminKyc,
    adminFunding,
    deposits,
    withdrawals,
    exchange,
    spot,
    maker,
    params,
    files,
    mailer,
    events,
    notifications,
    push,
    limiter,
    content,
    fees,
    home,
    ledger,
    accounts,
    market,
    trading,
    watchlist,
    jobs,
    leases,
    roles,
    clock,
  };

  return {
    services,

    /**
     * First the master key of the secrets at rest: refused when the database's first process stored
     * another's fingerprint (lib/secret-box.fingerprint.ts), then operators' TOTP secrets an older
     * version kept in plain text sealed. Then the relays, then the market's state (every process), then
     * the leases (the engine's before the feed's), then jobs (once the market has its quotes: pruning
     * keeps each instrument's newest tick).
     */
    async start() {
      await checkKeyFingerprint(db, secrets, clock);
      const sealed = await adminAuth.sealPlainSecrets();
      if (sealed > 0) log.info({ sealed }, 'admin: TOTP secrets kept in plain text are now sealed');
      await events.start();
      mailer.start();
      await push.start();
      await market.start();
      await spot.loadPairs();
      await leases.start();
      if (roles.includes('jobs')) await jobs.start();
    },

    /** The reverse: the feed is flushed and the runner settles what is queued before the relays stop. */
    async stop() {
      await jobs.stop();
      await leases.stop();
      await market.stop();
      await tickStream?.close();
      await mailer.stop();
      await push.stop();
      await events.stop();
      await redisLimiter?.close();
      await fileStore.close();
    },
  };
}

export type Services = ReturnType<typeof createPlatform>['services'];
