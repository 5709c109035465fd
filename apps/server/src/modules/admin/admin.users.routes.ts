/** The back office's user screens: search and detail (`users.read`), support changes (`users.manage`). */
import {
  AdminModeQuery,
  AdminReasonRequest,
  AdminStatementPage,
  AdminUserDetail,
  AdminUserIdParams,
  AdminUserRow,
  AdminUsersPage,
  AdminUsersQuery,
  AdminUserStatusRequest,
} from '@openbourse/contracts/admin.ts';
import { ListUOrderResult } from '@openbourse/contracts/trading.ts';
import type { FastifyInstance } from 'fastify';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import type { AdminActor } from './admin.auth.ts';
import type { AdminUsers } from './admin.users.ts';

const TAG = 'admin';
const actor = (req: { adminActor: AdminActor | null }) => req.adminActor as AdminActor;

export function adminUserRoutes(app: FastifyInstance, { users }: { users: AdminUsers }) {
  const r = typed(app);
  const read = { config: { admin: 'users.read' as const } };
  const manage = { config: { admin: 'users.manage' as const } };

  r.get(
    '/swx/admin/users',
    {
      ...read,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Users, newest first: by id, or part of a name, email or phone',
        querystring: AdminUsersQuery,
        response: { 200: envelope(AdminUsersPage) },
      },
    },
    async (req) => ok(req, await users.search(req.query)),
  );

  r.get(
    '/swx/admin/users/:id',
    {
      ...read,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'A user: identity, balances in both books, sessions (sign-in history)',
        params: AdminUserIdParams,
        response: { 200: envelope(AdminUserDetail) },
      },
    },
    async (req) => ok(req, await users.detail(req.params.id)),
  );

  r.get(
    '/swx/admin/users/:id/statement',
    {
      ...read,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: "A user's ledger statement in one book, newest first",
        params: AdminUserIdParams,
        querystring: AdminModeQuery,
        response: { 200: envelope(AdminStatementPage) },
      },
    },
    async (req) => ok(req, await users.statement(req.params.id, req.query)),
  );

  r.get(
    '/swx/admin/users/:id/orders',
    {
      ...read,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: "A user's margin orders in one book, newest first",
        params: AdminUserIdParams,
        querystring: AdminModeQuery,
        response: { 200: envelope(ListUOrderResult) },
      },
    },
    async (req) => ok(req, await users.orders(req.params.id, req.query)),
  );

  r.post(
    '/swx/admin/users/:id/status',
    {
      ...manage,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Disables (ending every session) or re-enables a user, with the reason',
        params: AdminUserIdParams,
        body: AdminUserStatusRequest,
        response: { 200: envelope(AdminUserRow) },
      },
    },
    async (req) => ok(req, await users.setStatus(actor(req), req.params.id, req.body.status, req.body.reason)),
  );

  r.post(
    '/swx/admin/users/:id/revokeSessions',
    {
      ...manage,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Ends every session of a user, with the reason',
        params: AdminUserIdParams,
        body: AdminReasonRequest,
        response: { 200: envelope(AdminUserRow) },
      },
    },
    async (req) => ok(req, await users.revokeSessions(actor(req), req.params.id, req.body.reason)),
  );

  r.post(
    '/swx/admin/users/:id/resetWithdrawalPassword',
    {
      ...manage,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Clears the withdrawal password (the user sets a new one with a code), with the reason',
        params: AdminUserIdParams,
        body: AdminReasonRequest,
        response: { 200: envelope(AdminUserRow) },
      },
    },
    async (req) => ok(req, await users.resetWithdrawalPassword(actor(req), req.params.id, req.body.reason)),
  );
}
