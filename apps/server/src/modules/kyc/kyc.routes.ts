/** Identity verification (spec §7 user/identification): the user's state, and a submission. */
import { SuccessCode } from '@openbourse/contracts/errors.ts';
import { KycSubmitRequest, KycView } from '@openbourse/contracts/kyc.ts';
import type { FastifyInstance } from 'fastify';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import type { KycService } from './kyc.service.ts';

const PATH = '/swx/customer/user/identification';

export async function kycRoutes(app: FastifyInstance, { kyc }: { kyc: KycService }) {
  const r = typed(app);

  r.get(
    PATH,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['kyc'],
        summary: "The user's identity verification: state and newest application, with when a review is due",
        description:
          'status: none (never submitted), pending (waiting for review, decided by `reviewBy`), verified, or failed ' +
          '(with the reason; the user may submit again).',
        security: BEARER,
        response: { 200: envelope(KycView) },
      },
    },
    async (req) => ok(req, await kyc.view(req.user!.id)),
  );

  r.post(
    PATH,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['kyc'],
        summary: 'Submit identity details and the three photos (uploaded first with purpose kyc) for review',
        description:
          'Real account only (40010 in the demo account). Refused: an application already waiting (80007) or the ' +
          'identity verified (10019); a birth date in the future or before 1900 (40001, field birthDate), or that ' +
          'makes the user younger than 18 on the server’s day (40057); a photo that is not the user’s own KYC ' +
          'upload, or the same file twice (40017 naming the field); no back photo for an ID card or driver licence ' +
          '(40017, field backFileId); more than 20 submissions in an hour, refused ones included (42900). Answers 20001 and the state, ' +
          'pending review.',
        security: BEARER,
        body: KycSubmitRequest,
        response: { 200: envelope(KycView) },
      },
    },
    async (req) => ok(req, await kyc.submit(req.user!.id, req.accountMode, req.body), SuccessCode.SubmittedForReview),
  );
}
