/**
 * The admin API, `/swx/admin/*`: one encapsulated plugin with its own session check. Every route
 * names what it needs in `config.admin`: 'public' (sign-in), 'enrol' (any session, even one that
 * may only set up TOTP), 'session' (a full session), or a permission from admin.roles.ts, checked
 * against the admin's role on every call. Customer tokens are not admin tokens (and the reverse).
 */
import {
  Admin,
  AdminIdParams,
  AdminInstrument,
  AdminInstrumentEdit,
  AdminParam,
  AdminParamKeyParams,
  AdminParamUpdateRequest,
  AdminSignInRequest,
  AdminSignInResult,
  AuditPage,
  AuditQuery,
  CreateAdminRequest,
  DashboardResult,
  AdminMe,
  TotpConfirmRequest,
  TotpEnrolResult,
  UpdateAdminRequest,
} from '@openbourse/contracts/admin.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { send } from '../../http/error-handler.ts';
import { envelope, ok } from '../../http/envelope.ts';
import { extractToken } from '../../http/request-context.ts';
import { BEARER, typed } from '../../http/typed.ts';
import type { AdminAccounts } from './admin.accounts.ts';
import type { AdminContent } from './admin.content.ts';
import { adminContentRoutes } from './admin.content.routes.ts';
import type { AdminDashboard } from './admin.dashboard.ts';
import type { AdminInstruments } from './admin.instruments.ts';
import type { AdminParams } from './admin.params.ts';
import type { AdminSpot } from './admin.spot.ts';
import { adminSpotRoutes } from './admin.spot.routes.ts';
import type { AdminUsers } from './admin.users.ts';
import { adminUserRoutes } from './admin.users.routes.ts';
import { adminFileRoutes } from './admin.files.routes.ts';
import { adminFundingRoutes } from './admin.funding.routes.ts';
import type { AdminFunding } from './admin.funding.ts';
import { adminLoanRoutes } from './admin.loans.routes.ts';
import { adminSupportRoutes } from './admin.support.routes.ts';
import type { AdminSupport } from './admin.support.ts';
import { adminEarnRoutes } from './admin.earn.routes.ts';
import type { AdminEarn } from './admin.earn.ts';
import { adminLevelRoutes } from './admin.levels.routes.ts';
import { adminReserveRoutes } from '../liabilities/liabilities.admin.routes.ts';
import type { Reserves } from '../liabilities/liabilities.reserves.ts';
import type { AdminLevels } from './admin.levels.ts';
import { adminInvitesRoutes } from './admin.invites.routes.ts';
import type { AdminInvites } from './admin.invites.ts';
import type { AdminLoans } from './admin.loans.ts';
import { adminNftRoutes } from './admin.nfts.routes.ts';
import type { AdminNfts } from './admin.nfts.ts';
import { adminOptionRoutes } from './admin.options.routes.ts';
import type { AdminOptions } from './admin.options.ts';
import { adminKycRoutes } from './admin.kyc.routes.ts';
import type { SignInProvidersAdmin } from '../oauth/oauth.admin.ts';
import { adminSignInProviderRoutes } from '../oauth/oauth.admin.routes.ts';
import type { AdminKyc } from './admin.kyc.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FilesService } from '../files/files.service.ts';
import type { RateLimiter } from '../limits/limits.service.ts';
import { type AdminActor, type AdminAuth, adminView } from './admin.auth.ts';
import { adminErrors } from './admin.errors.ts';
import { type AdminRole, may, PERMISSIONS, type Permission } from './admin.roles.ts';

export type AdminAccess = 'public' | 'enrol' | 'session' | Permission;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in admin of an admin route (null on public ones). */
    adminActor: AdminActor | null;
  }
  interface FastifyContextConfig {
    admin?: AdminAccess;
  }
}

const TAG = 'admin';

/** Every admin route and its access, as registered (the role-matrix test walks it). */
export const ADMIN_ROUTE_TABLE: { method: string; url: string; access: AdminAccess }[] = [];

const meta = (req: FastifyRequest) => ({
  ip: req.ip,
  userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'].slice(0, 300) : '',
});

const actor = (req: FastifyRequest) => req.adminActor as AdminActor;

export async function adminRoutes(
  app: FastifyInstance,
  deps: {
    auth: AdminAuth;
    accounts: AdminAccounts;
    dashboard: AdminDashboard;
    users: AdminUsers;
    funding: AdminFunding;
    loans: AdminLoans;
    support: AdminSupport;
    earn: AdminEarn;
    levels: AdminLevels;
    reserves: Reserves;
    invites: AdminInvites;
    nfts: AdminNfts;
    options: AdminOptions;
    kyc: AdminKyc;
    files: FilesService;
    /** Counts admin uploads. */
    limiter: RateLimiter;
    clock: Clock;
    params: AdminParams;
    instruments: AdminInstruments;
    spot: AdminSpot;
    content: AdminContent;
    /** Third-party sign-in providers (modules/oauth, `signin.edit`). */
    signinProviders: SignInProvidersAdmin;
  },
) {
  const { auth, accounts, dashboard } = deps;
  app.decorateRequest('adminActor', null);

  // Every admin route declares its access; one without is a programming error caught at start.
  app.addHook('onRoute', (route) => {
    const access = route.config?.admin;
    if (!access) throw new Error(`admin route ${route.method} ${route.url} declares no access`);
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      if (!ADMIN_ROUTE_TABLE.some((x) => x.method === method && x.url === route.url)) {
        ADMIN_ROUTE_TABLE.push({ method, url: route.url, access });
      }
    }
  });

  // Before validation: who may call comes before what they sent (no hints about bodies to strangers).
  app.addHook('preValidation', async (req, reply) => {
    const access = req.routeOptions.config?.admin;
    if (!access || access === 'public') return;
    const token = extractToken(req.headers.authorization);
    const found = token ? await auth.authenticate(token) : null;
    if (!found) return send(req, reply, adminErrors.unauthorized());
    req.adminActor = { ...found, meta: meta(req) };
    if (access === 'enrol') return;
    if (found.session.scope !== 'full') return send(req, reply, adminErrors.forbidden());
    if (access !== 'session' && !may(found.admin.role as AdminRole, access)) {
      return send(req, reply, adminErrors.forbidden());
    }
  });

  const r = typed(app);

  r.post(
    '/swx/admin/auth/login',
    {
      config: { admin: 'public' },
      schema: {
        tags: [TAG],
        summary: 'Admin sign-in: email and password, and the authenticator code once TOTP is set up',
        description:
          '40014 unknown address or wrong password (one answer); 40015 too many tries (5 per address and ' +
          'client, 20 per client, in 15 minutes); 40021 the account needs its TOTP code; 40022 wrong or ' +
          'reused code. An account that must use TOTP and has not set it up gets scope "enrol".',
        body: AdminSignInRequest,
        response: { 200: envelope(AdminSignInResult) },
      },
    },
    async (req) => ok(req, await auth.signIn(req.body, meta(req))),
  );

  r.post(
    '/swx/admin/auth/logout',
    {
      config: { admin: 'enrol' },
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Ends this admin session',
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await auth.signOut(actor(req));
      return ok(req, null);
    },
  );

  r.get(
    '/swx/admin/auth/me',
    {
      config: { admin: 'enrol' },
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'The signed-in admin and what their role may do',
        response: { 200: envelope(AdminMe) },
      },
    },
    async (req) => {
      const a = actor(req);
      const role = a.admin.role as AdminRole;
      return ok(req, {
        admin: adminView(a.admin),
        scope: a.session.scope as 'full' | 'enrol',
        permissions: {
          role,
          matrix: PERMISSIONS as unknown as Record<string, AdminRole[]>,
          mine: (Object.keys(PERMISSIONS) as Permission[]).filter((p) => may(role, p)),
        },
      });
    },
  );

  r.post(
    '/swx/admin/auth/totp/enrol',
    {
      config: { admin: 'enrol' },
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Starts TOTP enrolment: a new secret with its otpauth URI and QR code',
        response: { 200: envelope(TotpEnrolResult) },
      },
    },
    async (req) => ok(req, await auth.enrolStart(actor(req))),
  );

  r.post(
    '/swx/admin/auth/totp/confirm',
    {
      config: { admin: 'enrol' },
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Confirms enrolment with a code from the app; the session becomes a full one',
        body: TotpConfirmRequest,
        response: { 200: envelope(Admin) },
      },
    },
    async (req) => ok(req, await auth.enrolConfirm(actor(req), req.body.code)),
  );

  r.get(
    '/swx/admin/admins',
    {
      config: { admin: 'admins.manage' },
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Every admin account',
        response: { 200: envelope(z.array(Admin)) },
      },
    },
    async (req) => ok(req, await accounts.list()),
  );

  r.post(
    '/swx/admin/admins',
    {
      config: { admin: 'admins.manage' },
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Creates an admin (10007: the address is taken)',
        body: CreateAdminRequest,
        response: { 200: envelope(Admin) },
      },
    },
    async (req) => ok(req, await accounts.create(actor(req), req.body)),
  );

  r.post(
    '/swx/admin/admins/:id',
    {
      config: { admin: 'admins.manage' },
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Changes an admin: name, role, status, TOTP requirement, or resets their TOTP',
        description:
          '40023 when it would leave no active owner; a disabled admin, a new role or a reset ends their sessions.',
        params: AdminIdParams,
        body: UpdateAdminRequest,
        response: { 200: envelope(Admin) },
      },
    },
    async (req) => ok(req, await accounts.update(actor(req), req.params.id, req.body)),
  );

  r.post(
    '/swx/admin/admins/:id/revokeSessions',
    {
      config: { admin: 'admins.manage' },
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Ends every session of an admin',
        params: AdminIdParams,
        response: { 200: envelope(z.object({ revoked: z.number().int() })) },
      },
    },
    async (req) => ok(req, await accounts.revokeSessions(actor(req), req.params.id)),
  );

  adminUserRoutes(app, { users: deps.users });
  adminFundingRoutes(app, { funding: deps.funding });
  adminLoanRoutes(app, { loans: deps.loans });
  adminSupportRoutes(app, { support: deps.support });
  adminEarnRoutes(app, { earn: deps.earn });
  adminLevelRoutes(app, { levels: deps.levels });
  adminReserveRoutes(app, { reserves: deps.reserves });
  adminInvitesRoutes(app, { invites: deps.invites });
  adminNftRoutes(app, { nfts: deps.nfts });
  adminOptionRoutes(app, { options: deps.options });
  adminKycRoutes(app, { kyc: deps.kyc });
  adminFileRoutes(app, { files: deps.files, limiter: deps.limiter, clock: deps.clock });
  adminContentRoutes(app, { content: deps.content });
  adminSpotRoutes(app, { spot: deps.spot });
  adminSignInProviderRoutes(app, { providers: deps.signinProviders });

  r.get(
    '/swx/admin/instruments',
    {
      config: { admin: 'instruments.edit' },
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Every instrument with its trading terms',
        response: { 200: envelope(z.array(AdminInstrument)) },
      },
    },
    async (req) => ok(req, await deps.instruments.list()),
  );

  r.post(
    '/swx/admin/instruments/:id',
    {
      config: { admin: 'instruments.edit' },
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Changes an instrument’s terms for what is placed next; every process follows at once',
        description:
          '40001 names the field: maxLeverage 1..1000, lots on the lot grid with min ≤ max, spreadRate 0..0.05, ' +
          'feeRate 0..0.01, stopsLevel 0..100000 ticks. Open positions keep their margin, fee and stop-out.',
        params: AdminIdParams,
        body: AdminInstrumentEdit,
        response: { 200: envelope(AdminInstrument) },
      },
    },
    async (req) => ok(req, await deps.instruments.edit(actor(req), req.params.id, req.body)),
  );

  r.get(
    '/swx/admin/params',
    {
      config: { admin: 'params.edit' },
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Every platform parameter with its type, description and visibility',
        response: { 200: envelope(z.array(AdminParam)) },
      },
    },
    async (req) => ok(req, await deps.params.list()),
  );

  r.post(
    '/swx/admin/params/:key',
    {
      config: { admin: 'params.edit' },
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Sets a parameter (checked against its type: 40001 field value); every process sees it within 1 s',
        params: AdminParamKeyParams,
        body: AdminParamUpdateRequest,
        response: { 200: envelope(AdminParam) },
      },
    },
    async (req) => ok(req, await deps.params.set(actor(req), req.params.key, req.body.value)),
  );

  r.get(
    '/swx/admin/dashboard',
    {
      config: { admin: 'dashboard.read' },
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Users, exposure per instrument, today’s volume and fees, and the ledger’s trial balance',
        response: { 200: envelope(DashboardResult) },
      },
    },
    async (req) => ok(req, await dashboard.summary()),
  );

  r.get(
    '/swx/admin/audit',
    {
      config: { admin: 'audit.read' },
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'The audit log, newest first, filtered, a page at a time',
        querystring: AuditQuery,
        response: { 200: envelope(AuditPage) },
      },
    },
    async (req) => {
      const q = req.query;
      const items = await accounts.auditPage({
        ...q,
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
      });
      return ok(req, { items, next: items.length === q.limit ? (items.at(-1)?.id ?? null) : null });
    },
  );
}
