/** The back office's options: the series' editor (`params.edit`) and the exposure figures (`dashboard.read`). */
import { AdminOptionSeries, AdminOptionSeriesInput, AdminOptionSeriesResult } from '@openbourse/contracts/options.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import type { AdminActor } from './admin.auth.ts';
import type { AdminOptions } from './admin.options.ts';

const TAG = 'admin';
const actor = (req: { adminActor: AdminActor | null }) => req.adminActor as AdminActor;

const IdParams = z.object({
  id: z.coerce.number({ error: 'E40001' }).int({ error: 'E40001' }).min(1, { error: 'E40001' }).max(2_147_483_647),
});

export function adminOptionRoutes(app: FastifyInstance, { options }: { options: AdminOptions }) {
  const r = typed(app);
  const edit = { config: { admin: 'params.edit' as const } };

  r.get(
    '/swx/admin/option-series',
    {
      config: { admin: 'dashboard.read' as const },
      schema: {
        tags: [TAG],
        security: BEARER,
        summary:
          'Every option series with its open orders and exposure (the sum of their maximum payouts), and the options account per mode and currency',
        response: { 200: envelope(AdminOptionSeriesResult) },
      },
    },
    async (req) => ok(req, await options.list()),
  );

  r.post(
    '/swx/admin/option-series',
    {
      ...edit,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'List an option series (audited): instrument by code or id, currency, periods, range, spread, cap',
        description:
          '40001 with the field named: an instrument or currency unknown, an amount not positive at the currency’s ' +
          'scale, min above max, a cap of 0.',
        body: AdminOptionSeriesInput,
        response: { 200: envelope(AdminOptionSeries) },
      },
    },
    async (req) => ok(req, await options.create(actor(req), req.body)),
  );

  // PUT, or POST for clients that only send GET and POST (the console).
  for (const method of ['put', 'post'] as const) {
    r[method](
      '/swx/admin/option-series/:id',
      {
        ...edit,
        schema: {
          tags: [TAG],
          security: BEARER,
          summary:
            'Replace an option series’ fields (audited); orders already open keep the terms they were bought with',
          params: IdParams,
          body: AdminOptionSeriesInput,
          response: { 200: envelope(AdminOptionSeries) },
        },
      },
      async (req) => ok(req, await options.update(actor(req), req.params.id, req.body)),
    );
  }
}
