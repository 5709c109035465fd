/** The back office's VIP levels editor (`params.edit`, audited). */
import { AdminLevel, AdminLevelInput, AdminLevelsResult } from '@openbourse/contracts/levels.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { invalidField } from '../../http/errors.ts';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import type { AdminActor } from './admin.auth.ts';
import type { AdminLevels } from './admin.levels.ts';

const TAG = 'admin';
const IdParams = z.object({
  id: z.coerce
    .number({ error: 'E40001' })
    .int({ error: 'E40001' })
    .min(0, { error: 'E40001' })
    .max(99, { error: 'E40001' }),
});
const actor = (req: { adminActor: AdminActor | null }) => req.adminActor as AdminActor;

export function adminLevelRoutes(app: FastifyInstance, { levels }: { levels: AdminLevels }) {
  const r = typed(app);
  const edit = { config: { admin: 'params.edit' as const } };

  r.get(
    '/swx/admin/levels',
    {
      ...edit,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'The VIP levels with their names, thresholds, discounts and the users at each',
        response: { 200: envelope(AdminLevelsResult) },
      },
    },
    async (req) => ok(req, await levels.list()),
  );

  for (const [method, creating] of [
    ['post', true],
    ['put', false],
  ] as const) {
    r[method](
      '/swx/admin/levels',
      {
        ...edit,
        schema: {
          tags: [TAG],
          security: BEARER,
          summary: creating
            ? 'Create a VIP level (audited levels.create)'
            : 'Replace a VIP level (audited levels.update); users move at the next daily run',
          description:
            '40001 naming the field: `id` taken (create) or unknown (replace); level 0 must ask for no volume nor balance.',
          body: AdminLevelInput,
          response: { 200: envelope(AdminLevel) },
        },
      },
      async (req) => ok(req, await levels.put(actor(req), req.body, creating)),
    );
  }

  // The console's client speaks GET and POST: replacing a level is also POST /levels/:id.
  r.post(
    '/swx/admin/levels/:id',
    {
      ...edit,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Replace a VIP level (as PUT /swx/admin/levels; audited levels.update)',
        description: '40001 naming the field: `id` unknown or not the path’s.',
        params: IdParams,
        body: AdminLevelInput,
        response: { 200: envelope(AdminLevel) },
      },
    },
    async (req) => {
      if (req.body.id !== req.params.id) throw invalidField('id');
      return ok(req, await levels.put(actor(req), req.body, false));
    },
  );
}
