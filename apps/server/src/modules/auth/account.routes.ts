import {
  AccountSession,
  ChangeContactRequest,
  ContactCodeRequest,
  RevokeOthersResult,
  RevokeSessionRequest,
  SetLanguageRequest,
  SignInHistory,
  SignInHistoryQuery,
} from '@openbourse/contracts/account.ts';
import { SendCodeResult } from '@openbourse/contracts/auth.ts';
import { SuccessCode } from '@openbourse/contracts/errors.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, limit, typed } from '../../http/typed.ts';
import type { LimitRule, RateLimiter } from '../limits/limits.service.ts';
import type { AccountService } from './auth.account.ts';

/** The account centre (/profile/info): sessions, sign-in history, contact changes, language. */
export async function accountRoutes(
  app: FastifyInstance,
  { account, limiter, codes }: { account: AccountService; limiter: RateLimiter; codes: LimitRule },
) {
  const r = typed(app);
  const authed = { config: { auth: 'required' as const } };

  r.get(
    '/swx/customer/user/listSessions',
    {
      ...authed,
      schema: {
        tags: ['user'],
        summary: "The user's live sessions (device, address, last seen), the current one marked",
        security: BEARER,
        response: { 200: envelope(z.array(AccountSession)) },
      },
    },
    async (req) => ok(req, await account.sessions(req.user!)),
  );

  r.post(
    '/swx/customer/user/revokeSession',
    {
      ...authed,
      schema: {
        tags: ['user'],
        summary: 'Sign out one of the user’s sessions (40091 when it is not a live one of theirs)',
        security: BEARER,
        body: RevokeSessionRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await account.revoke(req.user!, req.body.id);
      return ok(req, null);
    },
  );

  r.post(
    '/swx/customer/user/revokeOtherSessions',
    {
      ...authed,
      schema: {
        tags: ['user'],
        summary: 'Sign out every session of the user but this one',
        security: BEARER,
        response: { 200: envelope(RevokeOthersResult) },
      },
    },
    async (req) => ok(req, await account.revokeOthers(req.user!)),
  );

  r.get(
    '/swx/customer/user/listSignIns',
    {
      ...authed,
      schema: {
        tags: ['user'],
        summary: 'Sign-in history: time, address, device, newest first, paged',
        security: BEARER,
        querystring: SignInHistoryQuery,
        response: { 200: envelope(SignInHistory) },
      },
    },
    async (req) => ok(req, await account.history(req.user!, req.query.page, req.query.size)),
  );

  r.post(
    '/swx/customer/user/sendContactCode',
    {
      ...authed,
      schema: {
        tags: ['user'],
        summary: 'A code for binding or changing the email or phone: to the current address (old) or the new one',
        description: 'One a minute per address (10089), five an hour per address (42900), 20 per client in 10 minutes.',
        security: BEARER,
        body: ContactCodeRequest,
        response: { 200: envelope(SendCodeResult) },
      },
    },
    async (req) => {
      await limit(limiter, `code:${req.ip}`, codes);
      return ok(req, await account.sendCode(req.user!, req.body, req.lang));
    },
  );

  r.post(
    '/swx/customer/user/changeContact',
    {
      ...authed,
      schema: {
        tags: ['user'],
        summary: 'Bind or change the email or phone with the codes sent to the current and the new address',
        security: BEARER,
        body: ChangeContactRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await account.change(req.user!, req.body);
      return ok(req, null, SuccessCode.ModifiedSuccessfully);
    },
  );

  r.post(
    '/swx/customer/user/setLanguage',
    {
      ...authed,
      schema: {
        tags: ['user'],
        summary: "The user's language (mail, notifications)",
        security: BEARER,
        body: SetLanguageRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await account.setLanguage(req.user!, req.body.language);
      return ok(req, null, SuccessCode.ModifiedSuccessfully);
    },
  );
}
