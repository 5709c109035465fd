/** The back office's KYC review queue (`reviews.decide`: owners and reviewers). */
import { AdminRejectRequest, FundingIdParams } from '@openbourse/contracts/funding.ts';
import { AdminKycItem, AdminKycList, AdminKycQuery } from '@openbourse/contracts/kyc.ts';
import type { FastifyInstance } from 'fastify';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import type { AdminActor } from './admin.auth.ts';
import type { AdminKyc } from './admin.kyc.ts';

const TAG = 'admin';
const actor = (req: { adminActor: AdminActor | null }) => req.adminActor as AdminActor;

export function adminKycRoutes(app: FastifyInstance, { kyc }: { kyc: AdminKyc }) {
  const r = typed(app);
  const review = { config: { admin: 'reviews.decide' as const } };

  r.get(
    '/swx/admin/kyc',
    {
      ...review,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'KYC applications: waiting ones first (oldest first), then the decided ones, newest first',
        description:
          'Each with the user, the details, the three photo ids (GET /swx/admin/files/:id) and the decision.',
        querystring: AdminKycQuery,
        response: { 200: envelope(AdminKycList) },
      },
    },
    async (req) => ok(req, await kyc.list(req.query)),
  );

  r.get(
    '/swx/admin/kyc/:id',
    {
      ...review,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'One KYC application as it stands now (after a 40036: as the other reviewer decided it); 80005 none',
        params: FundingIdParams,
        response: { 200: envelope(AdminKycItem) },
      },
    },
    async (req) => ok(req, await kyc.get(req.params.id)),
  );

  r.post(
    '/swx/admin/kyc/:id/approve',
    {
      ...review,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Verify a waiting application: the user becomes verified and is notified; 40036 if decided meanwhile',
        params: FundingIdParams,
        response: { 200: envelope(AdminKycItem) },
      },
    },
    async (req) => ok(req, await kyc.approve(actor(req), req.params.id)),
  );

  r.post(
    '/swx/admin/kyc/:id/reject',
    {
      ...review,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary:
          'Fail a waiting application with a reason the user is shown (they may submit again); 40036 if decided meanwhile',
        params: FundingIdParams,
        body: AdminRejectRequest,
        response: { 200: envelope(AdminKycItem) },
      },
    },
    async (req) => ok(req, await kyc.reject(actor(req), req.params.id, req.body.reason)),
  );
}
