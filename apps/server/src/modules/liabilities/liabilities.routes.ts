import {
  LiabilitiesHistory,
  LiabilitiesHistoryQuery,
  LiabilitiesProofFile,
  LiabilitiesProofQuery,
  LiabilitiesRoot,
} from '@openbourse/contracts/liabilities.ts';
import type { FastifyInstance } from 'fastify';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import type { Liabilities } from './liabilities.service.ts';

const TAG = 'liabilities';

/** Proof of liabilities: the published roots (public) and the user's own inclusion proof. */
export async function liabilitiesRoutes(app: FastifyInstance, { liabilities }: { liabilities: Liabilities }) {
  const r = typed(app);

  r.get(
    '/swx/customer/index/liabilities',
    {
      config: { auth: 'optional' },
      schema: {
        tags: [TAG],
        summary:
          'The latest proof of liabilities: the Merkle sum tree’s root, totals per currency, leaf count and time',
        description:
          'Public. Once a UTC day every user’s real-account balance per currency (available + locked) is read at one ' +
          'consistent point and committed to a Merkle sum tree; this is its root. 40140 before the first snapshot.',
        response: { 200: envelope(LiabilitiesRoot) },
      },
    },
    async (req) => ok(req, await liabilities.latest()),
  );

  r.get(
    '/swx/customer/index/liabilitiesHistory',
    {
      config: { auth: 'optional' },
      schema: {
        tags: [TAG],
        summary: 'The published roots, newest first',
        querystring: LiabilitiesHistoryQuery,
        response: { 200: envelope(LiabilitiesHistory) },
      },
    },
    async (req) => ok(req, await liabilities.history(req.query.size)),
  );

  r.get(
    '/swx/customer/user/liabilitiesProof',
    {
      config: { auth: 'required' },
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'The signed-in user’s inclusion proof (their leaf, nonce and the sibling path with sums)',
        description:
          'Verify it with scripts/verify-liabilities-proof.mjs against the published root. 40140 no snapshot (for the ' +
          'day); 40141 the user had no real-account balance in it.',
        querystring: LiabilitiesProofQuery,
        response: { 200: envelope(LiabilitiesProofFile) },
      },
    },
    async (req) => ok(req, await liabilities.proof(req.user!.id, req.query.day)),
  );
}
