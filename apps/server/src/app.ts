import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifyWebsocket from '@fastify/websocket';
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { resolveLanguage } from '@openbourse/contracts/languages.ts';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerErrorHandling, send } from './http/error-handler.ts';
import { AppError } from './http/errors.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { extractToken, resolveAccountMode } from './http/request-context.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { DEFAULT_ADMIN_DIST, DEFAULT_WEB_DIST, registerStaticApps } from './http/static-apps.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import type { HomeSources } from './modules/home/home.service.ts';
import type { TradingOptions } from './modules/trading/trading.service.ts';
import { createPlatform } from './platform.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { type AdminRole, may } from './modules/admin/admin.roles.ts';
import { type ClientLimits, authRoutes, DEFAULT_CLIENT_LIMITS } from './modules/auth/auth.routes.ts';
import { apiKeysRoutes } from './modules/apikeys/apikeys.routes.ts';
import {
  API_KEY_SECURITY_DOC,
  API_KEY_SECURITY_SCHEMES,
  authenticateByKey,
  registerApiKeyHooks,
} from './modules/apikeys/apikeys.http.ts';
import { accountRoutes } from './modules/auth/account.routes.ts';
import { oauthRoutes } from './modules/oauth/oauth.routes.ts';
import type { LoginGuardRules } from './modules/auth/login-guard.ts';
import type { LimitRule } from './modules/limits/limits.service.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import type { PushOptions } from './modules/push/push.config.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { depositRoutes } from './modules/wallet/wallet.deposits.routes.ts';
import { loansRoutes } from './modules/loans/loans.routes.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { agentSockets, wireSupportPushes } from './modules/support/support.socket.ts';
import { earnRoutes } from './modules/earn/earn.routes.ts';
import { levelRoutes } from './modules/levels/levels.routes.ts';
import { invitesRoutes } from './modules/invites/invites.routes.ts';
import type { JobsOptions } from './modules/jobs/jobs.service.ts';
import { optionsRoutes } from './modules/options/options.routes.ts';
import { nftsRoutes } from './modules/nfts/nfts.routes.ts';
import { walletSignInRoutes } from './modules/wallet-signin/wallet-signin.routes.ts';
import { liabilitiesRoutes } from './modules/liabilities/liabilities.routes.ts';
import { OPTIONS_TOPIC, type OptionSettledEvent } from './modules/options/options.settlement.ts';
import { kycRoutes } from './modules/kyc/kyc.routes.ts';
import { withdrawalRoutes } from './modules/wallet/wallet.withdrawals.routes.ts';
import { exchangeRoutes } from './modules/exchange/exchange.routes.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { watchlistRoutes } from './modules/watchlist/watchlist.routes.ts';
import { twoFactorRoutes } from './modules/twofactor/twofactor.routes.ts';
import type { WatchlistOptions } from './modules/watchlist/watchlist.service.ts';
import { MAX_FRAME_BYTES, messageSocket, socketErrorHandler } from './modules/realtime/message.socket.ts';
import type { MarketOptions } from './modules/market/market.config.ts';
import { marketRoutes } from './modules/market/market.routes.ts';
import { SPOT_TOPIC } from './modules/spot/spot.context.ts';
import { forwardToOwner, spotRoutes } from './modules/spot/spot.routes.ts';
import {
  authenticateInternal,
  createInternalProof,
  registerInternalProofHooks,
} from './modules/cluster/cluster.proof.ts';
import type { BookChange } from './modules/spot/spot.writer.ts';
import { tradingRoutes } from './modules/trading/trading.routes.ts';
import { type FileStoreConfig, filesRoutes } from './modules/files/files.routes.ts';

export interface BuildOptions {
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'SESSION_TTL_HOURS' | 'WEB_DIST'> &
    Partial<
      Pick<
        Config,
        | 'ADMIN_DIST'
        | 'TRUST_PROXY'
        | 'REDIS_URL'
        | 'REDIS_PREFIX'
        | 'ROLES'
        | 'ADMIN_SESSION_TTL_HOURS'
        | 'PUBLIC_URL'
        | 'PORT'
        | 'SECRETS_KEY'
        | 'API_KEYS_ENCRYPTION_KEY'
        | 'TWOFACTOR_KEY'
      >
    > &
    FileStoreConfig;
  database: Database;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  homeSources?: HomeSources;
  /** Sign-in limits over the defaults (tests lift the per-client ones: every test client is 127.0.0.1). */
  authLimits?: { client?: ClientLimits; loginGuard?: LoginGuardRules; codesPerAddress?: LimitRule };
  /** Market feed settings over those of the environment (MARKET_*). */
  market?: Partial<MarketOptions>;
  /** Margin trading settings over those of the environment (TRADING_*). */
  trading?: Partial<TradingOptions>;
  /** Web push settings over those of the environment (VAPID_*, PUSH_*). */
  push?: Partial<PushOptions>;
  /** Watchlist caps over the defaults (100 favourites, 50 waiting alerts). */
  watchlist?: Partial<WatchlistOptions>;
  /** How often a process tries to take the feed's and the engine's leases (default 1 s). */
  leaseRetryMs?: number;
  /** Durable jobs' polling over the defaults (tests: `pollMs: 0`, passes only when a test asks). */
  jobs?: Partial<Pick<JobsOptions, 'pollMs' | 'maintenanceSeconds'>>;
}

export async function buildApp(opts: BuildOptions) {
  const clock = opts.clock ?? systemClock;
  // A hop count trusts that many proxies nearest to us (Fastify's own rule for a number, as a function).
  const hops = opts.config.TRUST_PROXY ?? false;
  const trustProxy: FastifyServerOptions['trustProxy'] =
    typeof hops === 'number' ? (_address: string, i: number) => i < hops : hops;
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 64 * 1024,
    // Only configured proxies may name the client (TRUST_PROXY); by default the socket's address is it.
    trustProxy,
    requestTimeout: 90_000,
    return503OnClosing: true,
    // Errors raised before routing (over-long path parameters, malformed URLs) still get an envelope.
    frameworkErrors(error, req, reply) {
      const lang = req.headers.lang;
      req.lang = resolveLanguage(Array.isArray(lang) ? lang[0] : lang, req.headers['accept-language']);
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const err = tooLong
        ? new AppError(ErrorCode.PayloadTooLarge, { httpStatus: 414 })
        : new AppError(ErrorCode.InvalidField, { field: 'url', httpStatus: 400 });
      return send(req, reply, err);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerInputGuard(app);
  // A signed request's raw body, and the key scheme on the routes that declare a scope (modules/apikeys).
  registerApiKeyHooks(app, { bodyLimit: 64 * 1024 });
  // The raw body of a request another process forwarded with its proof (modules/cluster).
  registerInternalProofHooks(app, { bodyLimit: 64 * 1024 });

  const platform = createPlatform({ ...opts, clock, log: app.log });
  const { services } = platform;
  const { auth, accounts, limiter, trading, notifications, market } = services;
  // What a process forwarding a user's request proves it with (the cluster's secret, in the database).
  const proof = createInternalProof({ db: opts.database.db, clock, limiter, users: services.users });

  app.decorateRequest('lang', 'en');
  app.decorateRequest('accountMode', 'real');
  app.decorateRequest('user', null);

  app.addHook('onRequest', async (req) => {
    const lang = req.headers.lang;
    req.lang = resolveLanguage(Array.isArray(lang) ? lang[0] : lang, req.headers['accept-language']);
    req.accountMode = resolveAccountMode(req.headers.virtually);
  });

  // Before validation: a caller without a session learns nothing about a route's body (401, not 40001).
  app.addHook('preValidation', async (req, reply) => {
    // A request another process forwarded (x-ob-internal) acts for the user and mode it proves; a client
    // that sends the header itself is refused (401).
    if (await authenticateInternal(proof, req)) {
      if (req.accountMode === 'demo') await accounts.enterDemo(req.user!.id);
      return;
    }
    // A request signed with an API key (X-OB-KEY) acts for the key's user, within its scopes only.
    if (await authenticateByKey(services.apiKeys, req)) {
      if (req.accountMode === 'demo') await accounts.enterDemo(req.user!.id);
      return;
    }
    const mode = req.routeOptions.config?.auth;
    if (!mode) return;
    const token = extractToken(req.headers.authorization);
    req.user = token ? await auth.authenticate(token) : null;
    if (!req.user && mode === 'required') return send(req, reply, new AppError(ErrorCode.Unauthorized));
    if (req.user && req.accountMode === 'demo') await accounts.enterDemo(req.user.id);
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'OpenBourse customer API',
        version: '0.1.0',
        description:
          'Every answer is HTTP 200 with { code, msg, result } (code 200 = success; other codes are the error ' +
          'catalogue, msg translated by the `lang` header). A missing or expired token on a private call answers ' +
          'HTTP 401 with code 401. Header `virtually: YES` selects the demo account, `NO` (default) the real one.' +
          API_KEY_SECURITY_DOC,
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'Authorization' },
          ...API_KEY_SECURITY_SCHEMES,
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // Client frames are tiny ("ping", a sign-in): bigger ones close the socket with 1009. Socket errors
  // (invalid frames) are counted by the socket module, not logged one by one.
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_FRAME_BYTES }, errorHandler: socketErrorHandler });
  // API answers are compressed on the fly; the web app's files are served pre-compressed.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  // Each module's routes: an encapsulated plugin over its services.
  await app.register(healthRoutes, {
    database: opts.database,
    status: () => ({
      roles: services.roles,
      owns: { feed: services.leases.held('feed'), engine: services.leases.held('engine') },
    }),
  });
  await app.register(authRoutes, {
    auth,
    limiter,
    ...(opts.authLimits?.client ? { limits: opts.authLimits.client } : {}),
  });
  await app.register(walletSignInRoutes, {
    wallets: services.walletSignIn,
    limiter,
    ...(opts.authLimits?.client
      ? { limits: { nonces: opts.authLimits.client.codes, proofs: opts.authLimits.client.login } }
      : {}),
  });
  await app.register(oauthRoutes, { oauth: services.oauth, limiter });
  await app.register(accountRoutes, {
    account: services.account,
    limiter,
    codes: (opts.authLimits?.client ?? DEFAULT_CLIENT_LIMITS).codes,
  });
  await app.register(apiKeysRoutes, {
    apiKeys: services.apiKeys,
    publicUrl: process.env.PUBLIC_URL?.trim() || undefined,
  });
  await app.register(contentRoutes, { content: services.content, params: services.params, home: services.home });
  await app.register(walletRoutes, { accounts });
  await app.register(depositRoutes, { deposits: services.deposits });
  await app.register(withdrawalRoutes, {
    withdrawals: services.withdrawals,
    publicUrl: process.env.PUBLIC_URL?.trim() || undefined,
  });
  await app.register(twoFactorRoutes, {
    core: services.twoFactor,
    enrol: services.twoFactorEnrol,
    limiter,
    publicUrl: process.env.PUBLIC_URL?.trim() || undefined,
  });
  await app.register(loansRoutes, { loans: services.loans });
  await app.register(supportRoutes, { support: services.support });
  await app.register(earnRoutes, { earn: services.earn });
  await app.register(levelRoutes, { levels: services.levels });
  await app.register(invitesRoutes, { invites: services.invites });
  await app.register(kycRoutes, { kyc: services.kyc });
  await app.register(exchangeRoutes, { exchange: services.exchange });
  await app.register(optionsRoutes, { options: services.options });
  await app.register(nftsRoutes, { nfts: services.nfts });
  await app.register(liabilitiesRoutes, { liabilities: services.liabilities });
  await app.register(marketRoutes, { market });
  await app.register(tradingRoutes, {
    trading,
    spotCancel: async (req, reply) => {
      if (await forwardToOwner({ spot: services.spot, proof }, req, reply)) return true;
      const body = req.body as { id: number };
      return services.spot.cancel(req.user!.id, req.accountMode, body.id);
    },
  });
  await app.register(spotRoutes, { spot: services.spot, proof });
  await app.register(notificationsRoutes, { notifications });
  await app.register(pushRoutes, { push: services.push, siteName: () => services.params.get('site_name') });
  await app.register(watchlistRoutes, { watchlist: services.watchlist });
  await app.register(filesRoutes, { files: services.files, limiter });
  // The back office's API (/swx/admin/*): its own sessions, roles and audit log.
  await app.register(adminRoutes, {
    auth: services.adminAuth,
    accounts: services.adminAccounts,
    dashboard: services.adminDashboard,
    users: services.adminUsers,
    funding: services.adminFunding,
    loans: services.adminLoans,
    support: services.adminSupport,
    earn: services.adminEarn,
    levels: services.adminLevels,
    reserves: services.reserves,
    invites: services.adminInvites,
    nfts: services.adminNfts,
    options: services.adminOptions,
    kyc: services.adminKyc,
    files: services.files,
    limiter,
    clock: services.clock,
    params: services.adminParams,
    instruments: services.adminInstruments,
    spot: services.adminSpot,
    content: services.adminContent,
    signinProviders: services.oauth.admin,
  });
  const realtime = messageSocket(app, { authenticate: (token) => auth.authenticate(token), limiter });
  // Each committed order change goes to its owner's signed-in sockets.
  trading.onOrderChange((userId, push) => {
    realtime.pushToUser(userId, push).catch((err: unknown) => app.log.warn({ err }, 'realtime: order push failed'));
  });
  // Each committed notification (or read) goes to its owner's signed-in sockets with the unread count.
  notifications.onPush((userId, push) => realtime.pushToUser(userId, push));
  market.onQuoteBatch((json) => realtime.broadcast(json));
  // Support chat: each change reaches the user's sockets here and the agents' sockets (support.socket.ts).
  const supportAgentSockets = agentSockets(app, {
    authenticate: async (token) => {
      const found = await services.adminAuth.authenticate(token);
      if (found?.session.scope !== 'full' || !may(found.admin.role as AdminRole, 'support.reply')) return null;
      return { id: found.admin.id };
    },
  });
  wireSupportPushes({
    events: services.events,
    pushToUser: (userId, push) => realtime.pushToUser(userId, push),
    agents: supportAgentSockets,
    onError: (err) => app.log.warn({ err }, 'realtime: support push failed'),
  });
  // Each settled option: its owner's signed-in sockets are told which order to read again.
  services.events.subscribe(OPTIONS_TOPIC, ({ payload }) => {
    const e = payload as OptionSettledEvent;
    realtime
      .pushToUser(e.userId, { ch: 'options', mode: e.mode, id: e.id, status: 'settled' })
      .catch((err: unknown) => app.log.warn({ err }, 'realtime: options push failed'));
  });
  // Each committed spot book change (from whichever process owns the book): the book's subscribers
  // get its levels and trades, the users whose orders changed a hint to read them again.
  services.events.subscribe(SPOT_TOPIC, ({ payload }) => {
    const c = payload as BookChange;
    const { users, ...book } = c;
    if (book.bids.length || book.asks.length || book.trades.length) {
      realtime.publishTo(`spot:${c.pairId}:${c.mode}`, JSON.stringify({ ch: 'spot.book', ...book }));
    }
    for (const u of users ?? []) {
      realtime
        .pushToUser(u.userId, { ch: 'spot.orders', mode: c.mode, ids: u.ids })
        .catch((err: unknown) => app.log.warn({ err }, 'realtime: spot order push failed'));
    }
  });

  // The platform starts once the app is ready and stops with it (platform.ts: what in which order).
  app.addHook('onReady', () => platform.start());
  app.addHook('onClose', () => platform.stop());

  app.get('/swx/docs/json', { schema: { hide: true } }, async () => app.swagger());

  const webDist = opts.config.WEB_DIST ?? DEFAULT_WEB_DIST;
  const adminDist = opts.config.ADMIN_DIST ?? DEFAULT_ADMIN_DIST;
  await registerSecurityHeaders(app, { webDist });
  await registerStaticApps(app, { webDist, adminDist });

  return { app, services, realtime };
}

export type { Services } from './platform.ts';
