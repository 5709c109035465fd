import { SuccessCode } from '@openbourse/contracts/errors.ts';
import {
  CheckUserQuery,
  CheckUserResult,
  LoginRequest,
  LoginResult,
  SignInOutcome,
  RegisterRequest,
  RepasswordRequest,
  RepasswordTxRequest,
  SendCodeRequest,
  SendCodeResult,
  UserInfo,
} from '@openbourse/contracts/auth.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok, envelope } from '../../http/envelope.ts';
import { BEARER, limit, typed } from '../../http/typed.ts';
import type { LimitRule, RateLimiter } from '../limits/limits.service.ts';
import type { AuthService } from './auth.service.ts';

/** Per-client limits of the sign-in routes (the client is `req.ip`: see TRUST_PROXY). */
export interface ClientLimits {
  login: LimitRule;
  /** checkUserNameOrPhone tells whether a name is taken (the register form needs it): kept tight. */
  check: LimitRule;
  codes: LimitRule;
  registrations: LimitRule;
  resets: LimitRule;
}

export const DEFAULT_CLIENT_LIMITS: ClientLimits = {
  login: { windowMs: 60_000, max: 30 },
  check: { windowMs: 60 * 60_000, max: 30 },
  codes: { windowMs: 10 * 60_000, max: 20 },
  registrations: { windowMs: 60 * 60_000, max: 20 },
  resets: { windowMs: 10 * 60_000, max: 20 },
};

export async function authRoutes(
  app: FastifyInstance,
  { auth, limiter, limits = DEFAULT_CLIENT_LIMITS }: { auth: AuthService; limiter: RateLimiter; limits?: ClientLimits },
) {
  const r = typed(app);
  const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : '',
  });

  r.get(
    '/swx/customer/login/checkUserNameOrPhone',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether a username, email or phone number is already registered',
        querystring: CheckUserQuery,
        response: { 200: envelope(CheckUserResult) },
      },
    },
    async (req) => {
      await limit(limiter, `check:${req.ip}`, limits.check);
      return ok(req, await auth.checkExists(req.query));
    },
  );

  r.post(
    '/swx/customer/login/sendCode',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['auth'],
        summary: 'Send a 6-digit verification code (register, reset, withdrawPassword)',
        description:
          'Valid 10 minutes; one send per minute per address (10089), five an hour (42900); at most 5 tries. ' +
          'The answer is the same whether or not the address has an account.',
        body: SendCodeRequest,
        response: { 200: envelope(SendCodeResult) },
      },
    },
    async (req) => {
      await limit(limiter, `code:${req.ip}`, limits.codes);
      return ok(req, await auth.sendCode(req.body, req.lang, req.user));
    },
  );

  r.post(
    '/swx/customer/login/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Register by email or by phone with a verification code; logs the user in',
        body: RegisterRequest,
        response: { 200: envelope(LoginResult) },
      },
    },
    async (req) => {
      await limit(limiter, `register:${req.ip}`, limits.registrations);
      return ok(req, await auth.register(req.body, { ...meta(req), lang: req.lang }));
    },
  );

  r.post(
    '/swx/customer/login/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in by username or email',
        description:
          'An unknown name and a wrong password both answer 40014. Five failed tries from one client at one ' +
          'account answer 40015 for 15 minutes (a reset of the password lifts it).',
        body: LoginRequest,
        response: { 200: envelope(SignInOutcome) },
      },
    },
    async (req) => {
      // Per account, the login guard counts failed tries (auth.service.ts, login-guard.ts).
      await limit(limiter, `login-ip:${req.ip}`, limits.login);
      return ok(req, await auth.login(req.body, meta(req)));
    },
  );

  r.post(
    '/swx/customer/login/logout',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['auth'],
        summary: 'Revoke this session',
        security: BEARER,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await auth.logout(req.user!);
      return ok(req, null);
    },
  );

  r.post(
    '/swx/customer/user/getUserInfo',
    {
      config: { auth: 'required', scope: 'read' },
      schema: {
        tags: ['user'],
        summary: 'The logged-in user',
        security: BEARER,
        response: { 200: envelope(UserInfo) },
      },
    },
    async (req) => ok(req, await auth.userInfo(req.user!)),
  );

  r.post(
    '/swx/customer/user/repassword',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['user'],
        summary: "Change the login password (type 'change', logged in) or reset it with a code (type 'reset')",
        body: RepasswordRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      if (req.body.type === 'reset') await limit(limiter, `reset:${req.ip}`, limits.resets);
      await auth.repassword(req.body, req.user);
      return ok(req, null, SuccessCode.ModifiedSuccessfully);
    },
  );

  r.post(
    '/swx/customer/user/repasswordTx',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['user'],
        summary: 'Set or change the 6-digit withdrawal password with a code sent to the account',
        security: BEARER,
        body: RepasswordTxRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await auth.repasswordTx(req.body, req.user!);
      return ok(req, null, SuccessCode.ModifiedSuccessfully);
    },
  );
}
