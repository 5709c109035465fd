/** The back office's smart plans: the products' editor and the earn treasury (`params.edit`; figures `dashboard.read`). */
import {
  AdminSmartProduct,
  AdminSmartProductInput,
  AdminSmartProductsResult,
  AdminTreasuryFundInput,
  AdminTreasuryResult,
} from '@openbourse/contracts/earn.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import type { AdminActor } from './admin.auth.ts';
import type { AdminEarn } from './admin.earn.ts';

const TAG = 'admin';
const actor = (req: { adminActor: AdminActor | null }) => req.adminActor as AdminActor;

const IdParams = z.object({
  id: z.coerce
    .number({ error: 'E40001' })
    .int({ error: 'E40001' })
    .min(1, { error: 'E40001' })
    .max(2_147_483_647, { error: 'E40001' }),
});

export function adminEarnRoutes(app: FastifyInstance, { earn }: { earn: AdminEarn }) {
  const r = typed(app);
  const edit = { config: { admin: 'params.edit' as const } };
  const read = { config: { admin: 'dashboard.read' as const } };

  r.get(
    '/swx/admin/smart-products',
    {
      ...edit,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary:
          'Every smart plan product, enabled or not, with its names and descriptions, its earning plans and the yields still reserved for them',
        response: { 200: envelope(AdminSmartProductsResult) },
      },
    },
    async (req) => ok(req, await earn.products()),
  );

  r.post(
    '/swx/admin/smart-products',
    {
      ...edit,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Create a smart plan product (audited smartProducts.create)',
        description:
          "40001 naming the field: an unknown currency, an amount not positive at the currency's scale, min above max, " +
          'two terms of the same length.',
        body: AdminSmartProductInput,
        response: { 200: envelope(AdminSmartProduct) },
      },
    },
    async (req) => ok(req, await earn.createProduct(actor(req), req.body)),
  );

  for (const method of ['put', 'post'] as const) {
    r[method](
      '/swx/admin/smart-products/:id',
      {
        ...edit,
        schema: {
          tags: [TAG],
          security: BEARER,
          summary:
            'Replace a smart plan product’s fields (audited smartProducts.update); plans already bought keep the terms they were bought with',
          params: IdParams,
          body: AdminSmartProductInput,
          response: { 200: envelope(AdminSmartProduct) },
        },
      },
      async (req) => ok(req, await earn.updateProduct(actor(req), req.params.id, req.body)),
    );
  }

  r.get(
    '/swx/admin/earn-treasury',
    {
      ...read,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary:
          'The earn treasury per currency: free to back new plans, reserved for earning plans, yields paid today (UTC), earning plans, principal held',
        response: { 200: envelope(AdminTreasuryResult) },
      },
    },
    async (req) => ok(req, await earn.treasury()),
  );

  r.post(
    '/swx/admin/earn-treasury/fund',
    {
      ...edit,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary:
          'Move house money from the platform treasury into a currency’s earn treasury (audited earnTreasury.fund); answers the figures after',
        body: AdminTreasuryFundInput,
        response: { 200: envelope(AdminTreasuryResult) },
      },
    },
    async (req) => ok(req, await earn.fund(actor(req), req.body)),
  );
}
