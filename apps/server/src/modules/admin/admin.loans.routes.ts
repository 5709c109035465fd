/** The back office's loans: the review queue (`reviews.decide`) and the products' editor (`params.edit`). */
import {
  AdminLoan,
  AdminLoanProduct,
  AdminLoanProductInput,
  AdminLoanProductsResult,
  AdminLoansQuery,
  AdminLoansResult,
} from '@openbourse/contracts/loan.ts';
import { AdminRejectRequest } from '@openbourse/contracts/funding.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import type { AdminActor } from './admin.auth.ts';
import type { AdminLoans } from './admin.loans.ts';

const TAG = 'admin';
const actor = (req: { adminActor: AdminActor | null }) => req.adminActor as AdminActor;

/** A loan's public id (16 digits) or a product's id. */
const IdParams = z.object({
  id: z.coerce
    .number({ error: 'E40001' })
    .int({ error: 'E40001' })
    .min(1, { error: 'E40001' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'E40001' }),
});

export function adminLoanRoutes(app: FastifyInstance, { loans }: { loans: AdminLoans }) {
  const r = typed(app);
  const review = { config: { admin: 'reviews.decide' as const } };
  const edit = { config: { admin: 'params.edit' as const } };

  r.get(
    '/swx/admin/loans',
    {
      ...review,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Loans: applications waiting first (oldest first), then the others, newest first',
        querystring: AdminLoansQuery,
        response: { 200: envelope(AdminLoansResult) },
      },
    },
    async (req) => ok(req, await loans.loans(req.query)),
  );

  r.get(
    '/swx/admin/loans/:id',
    {
      ...review,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'One loan as it stands now, with the borrower’s identity verification state',
        params: IdParams,
        response: { 200: envelope(AdminLoan) },
      },
    },
    async (req) => ok(req, await loans.loan(req.params.id)),
  );

  r.get(
    '/swx/admin/loans/:id/agreement',
    {
      ...review,
      schema: { tags: [TAG], security: BEARER, summary: 'The loan’s signed agreement (PDF)', params: IdParams },
    },
    async (req, reply) => {
      const doc = await loans.agreement(req.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="loan-agreement-${req.params.id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-sha256', doc.sha256)
        .send(Buffer.from(doc.pdf));
    },
  );

  r.post(
    '/swx/admin/loans/:id/approve',
    {
      ...review,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary:
          "Approve a waiting application: the principal is paid into the user's real account once; 40036 if decided meanwhile",
        params: IdParams,
        response: { 200: envelope(AdminLoan) },
      },
    },
    async (req) => ok(req, await loans.approve(actor(req), req.params.id)),
  );

  r.post(
    '/swx/admin/loans/:id/reject',
    {
      ...review,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Reject a waiting application with a reason the user is shown; 40036 if decided meanwhile',
        params: IdParams,
        body: AdminRejectRequest,
        response: { 200: envelope(AdminLoan) },
      },
    },
    async (req) => ok(req, await loans.reject(actor(req), req.params.id, req.body.reason)),
  );

  r.get(
    '/swx/admin/loan-products',
    {
      ...edit,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Every loan product, enabled or not, with its names in every language written',
        response: { 200: envelope(AdminLoanProductsResult) },
      },
    },
    async (req) => ok(req, await loans.products()),
  );

  r.post(
    '/swx/admin/loan-products',
    {
      ...edit,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Create a loan product (audited)',
        body: AdminLoanProductInput,
        response: { 200: envelope(AdminLoanProduct) },
      },
    },
    async (req) => ok(req, await loans.createProduct(actor(req), req.body)),
  );

  r.put(
    '/swx/admin/loan-products/:id',
    {
      ...edit,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary:
          'Replace a loan product’s fields (audited); loans already applied for keep the terms they were signed with',
        params: IdParams,
        body: AdminLoanProductInput,
        response: { 200: envelope(AdminLoanProduct) },
      },
    },
    async (req) => ok(req, await loans.updateProduct(actor(req), req.params.id, req.body)),
  );

  r.post(
    '/swx/admin/loan-products/:id',
    {
      ...edit,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary:
          'Replace a loan product’s fields (audited); loans already applied for keep the terms they were signed with',
        params: IdParams,
        body: AdminLoanProductInput,
        response: { 200: envelope(AdminLoanProduct) },
      },
    },
    async (req) => ok(req, await loans.updateProduct(actor(req), req.params.id, req.body)),
  );
}
