import { SuccessCode } from '@openbourse/contracts/errors.ts';
import {
  BidNftRequest,
  BuyNftRequest,
  ListMyNftQuery,
  ListMyNftResult,
  ListNftQuery,
  ListNftResult,
  NftDetail,
} from '@openbourse/contracts/nfts.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import type { Nfts } from './nfts.service.ts';

/** An item's public id in a path: anything else is no such item (40400). */
const ItemIdParams = z.object({
  id: z.coerce
    .number({ error: 'E40400' })
    .int({ error: 'E40400' })
    .positive({ error: 'E40400' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'E40400' }),
});

/** Charity NFTs (spec §7 index/listNft, user/listNft, user/buyNft; user/bidNft, index/getNftById). */
export async function nftsRoutes(app: FastifyInstance, { nfts }: { nfts: Nfts }) {
  const r = typed(app);

  r.get(
    '/swx/customer/index/listNft',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['nfts'],
        summary:
          'Charity NFTs: a page of items (current bid, remaining time, donation), the collections, the charities and the donations per currency',
        description:
          'Public; `mine` is filled for a signed-in user. filter: live (taking bids, soonest end first), ending (live, ' +
          'ending within 24 h), upcoming, sold (newest first), all. Texts in the request’s language (English fallback). ' +
          '`chainAdapter` null: the chain is informational, no token is minted.',
        querystring: ListNftQuery,
        response: { 200: envelope(ListNftResult) },
      },
    },
    async (req) => ok(req, await nfts.list(req.lang, req.user?.id ?? null, req.query)),
  );

  r.get(
    '/swx/customer/index/getNftById/:id',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['nfts'],
        summary: 'One charity NFT with its bid history (newest first, the last 100; other bidders masked)',
        description: 'Public; `mine` and the history’s `mine` are filled for a signed-in user. 40400: no such item.',
        params: ItemIdParams,
        response: { 200: envelope(NftDetail) },
      },
    },
    async (req) => ok(req, await nfts.detail(req.lang, req.user?.id ?? null, req.params.id)),
  );

  r.post(
    '/swx/customer/user/bidNft',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['nfts'],
        summary: 'Bid on a charity NFT: the bid is held, the previous leader’s released; a late bid extends the end',
        description:
          'Real account only (40010). Refused: malformed, non-positive or with more decimals than the currency (10016); ' +
          'no such item (40400); not live (40064); below the minimum next bid (40063); at or above the buy-now price ' +
          '(40066); the seller’s own item (40065); the available balance short (10011); more than 60 a minute (42900).',
        security: BEARER,
        body: BidNftRequest,
        response: { 200: envelope(NftDetail) },
      },
    },
    async (req) => ok(req, await nfts.bid(req.user!.id, req.accountMode, req.lang, req.body)),
  );

  r.post(
    '/swx/customer/user/buyNft',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['nfts'],
        summary: 'Buy a charity NFT now at its buy-now price: paid to the charity at once, the other bids released',
        description:
          'Real account only (40010). Refused: no such item (40400); not live (40064); no buy-now price (40067); ' +
          '`price` not the item’s (10016); the seller’s own item (40065); the available balance short (10011). Answers 20004.',
        security: BEARER,
        body: BuyNftRequest,
        response: { 200: envelope(NftDetail) },
      },
    },
    async (req) =>
      ok(req, await nfts.buy(req.user!.id, req.accountMode, req.lang, req.body), SuccessCode.PurchaseSuccess),
  );

  r.get(
    '/swx/customer/user/listNft',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['nfts'],
        summary: 'My NFTs: won, bought, bidding (leading), outbid, lost — with the receipt of a sale',
        description: 'The receipt’s `transferId` is the ledger transfer that paid the charity.',
        security: BEARER,
        querystring: ListMyNftQuery,
        response: { 200: envelope(ListMyNftResult) },
      },
    },
    async (req) => ok(req, await nfts.mine(req.lang, req.user!.id, req.query)),
  );
}
