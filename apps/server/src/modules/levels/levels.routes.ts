import { ListLevelResult } from '@openbourse/contracts/levels.ts';
import type { FastifyInstance } from 'fastify';
import { envelope, ok } from '../../http/envelope.ts';
import { typed } from '../../http/typed.ts';
import type { Levels } from './levels.service.ts';

/** VIP levels (spec §7 index/listLevel). */
export async function levelRoutes(app: FastifyInstance, { levels }: { levels: Levels }) {
  const r = typed(app);

  r.get(
    '/swx/customer/index/listLevel',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['levels'],
        summary:
          'The VIP levels: 30-day volume (and optional balance) thresholds and fee discounts; the user’s own level',
        description:
          "Public. Names in the request's language. Signed in (a token given), `mine` is the user's level as the daily " +
          'run last set it from their 30-day real-account volume in USDT, that volume and the progress to the next level. ' +
          "A level's discount comes off every fee the user pays (margin, spot, exchange), rounded up to the minor unit.",
        response: { 200: envelope(ListLevelResult) },
      },
    },
    async (req) => ok(req, await levels.list(req.lang, req.user?.id ?? null)),
  );
}
