/** The back office's money screens: the deposit review queue (`reviews.decide`) and the networks (`params.edit`). */
import {
  AdminDeposit,
  AdminDepositsPage,
  AdminDepositsQuery,
  AdminNetwork,
  AdminNetworksResult,
  AdminNetworkUpdate,
  AdminPayoutRequest,
  AdminRejectRequest,
  AdminWithdrawal,
  AdminWithdrawalsPage,
  AdminWithdrawalsQuery,
  FundingIdParams,
} from '@openbourse/contracts/funding.ts';
import type { FastifyInstance } from 'fastify';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import type { AdminActor } from './admin.auth.ts';
import type { AdminFunding } from './admin.funding.ts';

const TAG = 'admin';
const actor = (req: { adminActor: AdminActor | null }) => req.adminActor as AdminActor;

export function adminFundingRoutes(app: FastifyInstance, { funding }: { funding: AdminFunding }) {
  const r = typed(app);
  const review = { config: { admin: 'reviews.decide' as const } };
  const edit = { config: { admin: 'params.edit' as const } };

  r.get(
    '/swx/admin/deposits',
    {
      ...review,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Deposits: waiting ones first (oldest first), then the decided ones, newest first',
        querystring: AdminDepositsQuery,
        response: { 200: envelope(AdminDepositsPage) },
      },
    },
    async (req) => ok(req, await funding.deposits(req.query)),
  );

  r.get(
    '/swx/admin/deposits/:id',
    {
      ...review,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'One deposit as it stands now (after a 40036: as the other reviewer decided it)',
        params: FundingIdParams,
        response: { 200: envelope(AdminDeposit) },
      },
    },
    async (req) => ok(req, await funding.deposit(req.params.id)),
  );

  r.post(
    '/swx/admin/deposits/:id/approve',
    {
      ...review,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: "Approve a waiting deposit: the user's real account is credited once; 40036 if decided meanwhile",
        params: FundingIdParams,
        response: { 200: envelope(AdminDeposit) },
      },
    },
    async (req) => ok(req, await funding.approve(actor(req), req.params.id)),
  );

  r.post(
    '/swx/admin/deposits/:id/reject',
    {
      ...review,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Reject a waiting deposit with a reason the user is shown; 40036 if decided meanwhile',
        params: FundingIdParams,
        body: AdminRejectRequest,
        response: { 200: envelope(AdminDeposit) },
      },
    },
    async (req) => ok(req, await funding.reject(actor(req), req.params.id, req.body.reason)),
  );

  r.get(
    '/swx/admin/withdrawals',
    {
      ...review,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Withdrawals: waiting ones first (oldest first), then the decided ones, newest first',
        querystring: AdminWithdrawalsQuery,
        response: { 200: envelope(AdminWithdrawalsPage) },
      },
    },
    async (req) => ok(req, await funding.withdrawals(req.query)),
  );

  r.get(
    '/swx/admin/withdrawals/:id',
    {
      ...review,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'One withdrawal as it stands now',
        params: FundingIdParams,
        response: { 200: envelope(AdminWithdrawal) },
      },
    },
    async (req) => ok(req, await funding.withdrawal(req.params.id)),
  );

  r.post(
    '/swx/admin/withdrawals/:id/pay',
    {
      ...review,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary:
          'Mark a waiting withdrawal paid with its payout reference: the held amount and fee are taken; 40036 if decided meanwhile',
        params: FundingIdParams,
        body: AdminPayoutRequest,
        response: { 200: envelope(AdminWithdrawal) },
      },
    },
    async (req) => ok(req, await funding.pay(actor(req), req.params.id, req.body.payoutRef)),
  );

  r.post(
    '/swx/admin/withdrawals/:id/reject',
    {
      ...review,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary:
          'Reject a waiting withdrawal with a reason: the held funds return to the user; 40036 if decided meanwhile',
        params: FundingIdParams,
        body: AdminRejectRequest,
        response: { 200: envelope(AdminWithdrawal) },
      },
    },
    async (req) => ok(req, await funding.rejectWithdrawal(actor(req), req.params.id, req.body.reason)),
  );

  r.get(
    '/swx/admin/networks',
    {
      ...edit,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary:
          'The coins and networks: receiving address, minimum deposit, withdrawal fee rate, minimum and daily limit',
        response: { 200: envelope(AdminNetworksResult) },
      },
    },
    async (req) => ok(req, await funding.networks()),
  );

  r.post(
    '/swx/admin/networks/:id',
    {
      ...edit,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Edit a network (audited); an empty address stops deposits on it',
        params: FundingIdParams,
        body: AdminNetworkUpdate,
        response: { 200: envelope(AdminNetwork) },
      },
    },
    async (req) => ok(req, await funding.updateNetwork(actor(req), req.params.id, req.body)),
  );
}
