import {
  ApproveBackRequest,
  ListLoanProductsResult,
  ListLoanRecordQuery,
  ListLoanRecordResult,
  LoanApplyRequest,
  LoanRecord,
  SIGNATURE_MAX_CHARS,
} from '@openbourse/contracts/loan.ts';
import { SuccessCode } from '@openbourse/contracts/errors.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import type { Loans } from './loans.service.ts';

/** A loan's public id in a path: anything else is no record of the user's (80005). */
export const LoanIdParams = z.object({
  id: z.coerce
    .number({ error: 'E80005' })
    .int({ error: 'E80005' })
    .positive({ error: 'E80005' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'E80005' }),
});

/** Loans (spec §7 index/listLoanProduct, user/loan, user/listLoanRecord, user/approveBack) and the signed agreement. */
export async function loansRoutes(app: FastifyInstance, { loans }: { loans: Loans }) {
  const r = typed(app);

  r.get(
    '/swx/customer/index/listLoanProduct',
    {
      schema: {
        tags: ['loans'],
        summary:
          'The loan products offered: amount range, terms, daily rate, interest-free days, loans at once, the amount that needs KYC',
        description: "Public. Names in the request's language where the operator wrote one, else English.",
        response: { 200: envelope(ListLoanProductsResult) },
      },
    },
    async (req) => ok(req, { list: await loans.products.list(req.lang) }),
  );

  r.post(
    '/swx/customer/user/loan',
    {
      config: { auth: 'required' },
      // The signature's data URL (up to SIGNATURE_MAX_CHARS) is larger than the app's 64 KiB default.
      bodyLimit: SIGNATURE_MAX_CHARS + 16 * 1024,
      schema: {
        tags: ['loans'],
        summary: 'Apply for a loan under a product, signing its agreement; it waits for review',
        description:
          'Real account only (40010 in the demo account). Refused: a product that does not exist or is off (80005); a ' +
          'term it does not offer (10023); an amount outside its range (80002) or not a positive amount at the ' +
          "currency's scale (40037 / 40038); an amount from the product's KYC threshold without a verified identity " +
          '(10022); an application of the user already waiting (80007); as many loans applying, in repayment or ' +
          'overdue as the product allows (80003); no signature, a blank one or not a PNG, or the box not ticked ' +
          "(40056). The agreement PDF is written in the request's language with the terms and the signature and stored " +
          'with the loan. Answers 20001 and the loan, pending review.',
        security: BEARER,
        body: LoanApplyRequest,
        response: { 200: envelope(LoanRecord) },
      },
    },
    async (req) =>
      ok(req, await loans.apply(req.user!.id, req.accountMode, req.lang, req.body), SuccessCode.SubmittedForReview),
  );

  r.get(
    '/swx/customer/user/listLoanRecord',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['loans'],
        summary:
          "The user's loans, newest first, in every state, with amounts, interest accrued, what is owed and dates",
        security: BEARER,
        querystring: ListLoanRecordQuery,
        response: { 200: envelope(ListLoanRecordResult) },
      },
    },
    async (req) => ok(req, await loans.list(req.user!.id, req.lang, req.query)),
  );

  r.post(
    '/swx/customer/user/approveBack',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['loans'],
        summary: 'Repay a loan early or at maturity: principal and the interest of the days ended so far',
        description:
          'From the real available balance. 80005: no such loan of the user; 80006: not in repayment or overdue; ' +
          '10011: the balance does not cover principal + interest.',
        security: BEARER,
        body: ApproveBackRequest,
        response: { 200: envelope(LoanRecord) },
      },
    },
    async (req) => ok(req, await loans.repay(req.user!.id, req.lang, req.body.id)),
  );

  r.get(
    '/swx/customer/user/loanAgreement/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['loans'],
        summary: 'The signed agreement of one of the user’s loans, as a PDF (80005 for any other)',
        security: BEARER,
        params: LoanIdParams,
      },
    },
    async (req, reply) => {
      const doc = await loans.agreement(req.params.id, req.user!.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="loan-agreement-${req.params.id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-sha256', doc.sha256)
        .send(Buffer.from(doc.pdf));
    },
  );
}
