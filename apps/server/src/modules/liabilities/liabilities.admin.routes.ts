/**
 * The back office's side: the coverage of the latest liabilities by the recorded reserves (the
 * dashboard's card, `dashboard.read`) and the reserves' editor (`reserves.edit`, audited).
 * Registered inside the admin plugin (its access hook and route table).
 */
import { CoverageResult, Reserve, ReserveInput, ReservesResult } from '@openbourse/contracts/liabilities.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import type { AdminActor } from '../admin/admin.auth.ts';
import type { Reserves } from './liabilities.reserves.ts';

const TAG = 'admin';
const IdParams = z.object({
  id: z.coerce
    .number({ error: 'E40001' })
    .int({ error: 'E40001' })
    .min(1, { error: 'E40001' })
    .max(2_147_483_647, { error: 'E40001' }),
});
const actor = (req: { adminActor: AdminActor | null }) => req.adminActor as AdminActor;

export function adminReserveRoutes(app: FastifyInstance, { reserves }: { reserves: Reserves }) {
  const r = typed(app);
  const edit = { config: { admin: 'reserves.edit' as const } };

  r.get(
    '/swx/admin/liabilities/coverage',
    {
      config: { admin: 'dashboard.read' as const },
      schema: {
        tags: [TAG],
        security: BEARER,
        summary:
          'The latest proof of liabilities’ totals against the recorded reserves, with the coverage per currency',
        response: { 200: envelope(CoverageResult) },
      },
    },
    async (req) => ok(req, await reserves.coverage()),
  );

  r.get(
    '/swx/admin/reserves',
    {
      ...edit,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'The recorded reserves',
        response: { 200: envelope(ReservesResult) },
      },
    },
    async (req) => ok(req, await reserves.list()),
  );

  r.post(
    '/swx/admin/reserves',
    {
      ...edit,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Record a reserve holding (audited reserves.create)',
        description: '40142 unknown currency; 40001 naming the field (amount: more decimals than the currency).',
        body: ReserveInput,
        response: { 200: envelope(Reserve) },
      },
    },
    async (req) => ok(req, await reserves.create(actor(req), req.body)),
  );

  r.post(
    '/swx/admin/reserves/:id',
    {
      ...edit,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Replace a reserve record (audited reserves.update)',
        description: '40400 unknown record; 40142 unknown currency; 40001 naming the field.',
        params: IdParams,
        body: ReserveInput,
        response: { 200: envelope(Reserve) },
      },
    },
    async (req) => ok(req, await reserves.update(actor(req), req.params.id, req.body)),
  );

  r.post(
    '/swx/admin/reserves/:id/delete',
    {
      ...edit,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Delete a reserve record (audited reserves.delete)',
        params: IdParams,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (req) => ok(req, await reserves.remove(actor(req), req.params.id)),
  );
}
