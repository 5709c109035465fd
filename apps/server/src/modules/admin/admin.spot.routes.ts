/** The back office's spot pairs (`instruments.edit`, as the instruments): list, edit, add. */
import { AdminIdParams } from '@openbourse/contracts/admin.ts';
import {
  AdminSpotPair,
  AdminSpotPairCreate,
  AdminSpotPairEdit,
  AdminSpotPairList,
} from '@openbourse/contracts/admin-spot.ts';
import type { FastifyInstance } from 'fastify';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import type { AdminActor } from './admin.auth.ts';
import type { AdminSpot } from './admin.spot.ts';

const TAG = 'admin';
const actor = (req: { adminActor: AdminActor | null }) => req.adminActor as AdminActor;

const RULES =
  '40001 names the field: rates are fractions with at most 6 decimals (fees 0..0.1, protection above 0 up to 0.5, ' +
  'the market maker’s spread and step above 0 up to 0.2), quantities whole numbers of lots with min ≤ max, a grid ' +
  'whose lot fits the base’s decimals and tick × lot the quote’s, an instrument the market knows.';

export function adminSpotRoutes(app: FastifyInstance, { spot }: { spot: AdminSpot }) {
  const r = typed(app);
  const access = { config: { admin: 'instruments.edit' as const } };

  r.get(
    '/swx/admin/spotPairs',
    {
      ...access,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Every spot pair with its terms and the orders resting on its real and demo books; the currencies',
        response: { 200: envelope(AdminSpotPairList) },
      },
    },
    async (req) => ok(req, await spot.list()),
  );

  r.post(
    '/swx/admin/spotPairs/:id',
    {
      ...access,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Changes a spot pair’s terms for what is placed next; every process follows at once',
        description: `${RULES} 40900 (field tickSize or lotSize): the grid changes only while no order rests on the pair. 80005: no such pair.`,
        params: AdminIdParams,
        body: AdminSpotPairEdit,
        response: { 200: envelope(AdminSpotPair) },
      },
    },
    async (req) => ok(req, await spot.edit(actor(req), req.params.id, req.body)),
  );

  r.post(
    '/swx/admin/spotPairs',
    {
      ...access,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Adds a spot pair BASE/QUOTE of two of the ledger’s currencies (disabled unless said otherwise)',
        description: `${RULES} 40001 base or quote: not a currency of the ledger (or the same one). 40900 (field symbol): listed already.`,
        body: AdminSpotPairCreate,
        response: { 200: envelope(AdminSpotPair) },
      },
    },
    async (req) => ok(req, await spot.create(actor(req), req.body)),
  );
}
