/**
 * The back office's charity NFTs: charities (changed with `params.edit`: they receive the money; read
 * with `nfts.edit`, since an item names one), collections and items (`nfts.edit`). Edits go by PUT or POST to the record's address (the console sends POST).
 */
import {
  AdminNftCharitiesResult,
  AdminNftCharity,
  AdminNftCharityInput,
  AdminNftCollection,
  AdminNftCollectionInput,
  AdminNftCollectionsResult,
  AdminNftItem,
  AdminNftItemInput,
  AdminNftItemsQuery,
  AdminNftItemsResult,
} from '@openbourse/contracts/nfts.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import type { AdminActor } from './admin.auth.ts';
import type { AdminNfts } from './admin.nfts.ts';

const TAG = 'admin';
const actor = (req: { adminActor: AdminActor | null }) => req.adminActor as AdminActor;

/** Charity and collection ids are serial; item ids are random up to 2^53 (contracts/nfts.ts). */
const IdParams = z.object({
  id: z.coerce
    .number({ error: 'E40001' })
    .int({ error: 'E40001' })
    .min(1, { error: 'E40001' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'E40001' }),
});

const FROZEN =
  'After the item’s first bid its prices, times, step, extension, charity and seller are frozen (40068); ' +
  'titles, stories, image and collection stay editable.';

export function adminNftRoutes(app: FastifyInstance, { nfts }: { nfts: AdminNfts }) {
  const r = typed(app);
  const owner = { config: { admin: 'params.edit' as const } };
  const edit = { config: { admin: 'nfts.edit' as const } };

  // Read by whoever lists items (an item names its charity); changed by owners only.
  r.get(
    '/swx/admin/nft-charities',
    {
      ...edit,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Every charity, enabled or not, with its descriptions, donations received, balance and items',
        response: { 200: envelope(AdminNftCharitiesResult) },
      },
    },
    async (req) => ok(req, await nfts.charities()),
  );

  r.post(
    '/swx/admin/nft-charities',
    {
      ...owner,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Add a charity that NFT sales may donate to (audited nftCharities.create)',
        description: '40001 naming the field: a name, an English description and a URL (or null) are required.',
        body: AdminNftCharityInput,
        response: { 200: envelope(AdminNftCharity) },
      },
    },
    async (req) => ok(req, await nfts.createCharity(actor(req), req.body)),
  );

  for (const method of ['put', 'post'] as const) {
    r[method](
      '/swx/admin/nft-charities/:id',
      {
        ...owner,
        schema: {
          tags: [TAG],
          security: BEARER,
          summary: 'Replace a charity’s fields (audited nftCharities.update); donations already made stay its own',
          params: IdParams,
          body: AdminNftCharityInput,
          response: { 200: envelope(AdminNftCharity) },
        },
      },
      async (req) => ok(req, await nfts.updateCharity(actor(req), req.params.id, req.body)),
    );
  }

  r.get(
    '/swx/admin/nft-collections',
    {
      ...edit,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Every NFT collection, enabled or not, with its titles and stories per language',
        response: { 200: envelope(AdminNftCollectionsResult) },
      },
    },
    async (req) => ok(req, await nfts.collections()),
  );

  r.post(
    '/swx/admin/nft-collections',
    {
      ...edit,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Add an NFT collection (audited nftCollections.create)',
        body: AdminNftCollectionInput,
        response: { 200: envelope(AdminNftCollection) },
      },
    },
    async (req) => ok(req, await nfts.createCollection(actor(req), req.body)),
  );

  for (const method of ['put', 'post'] as const) {
    r[method](
      '/swx/admin/nft-collections/:id',
      {
        ...edit,
        schema: {
          tags: [TAG],
          security: BEARER,
          summary: 'Replace a collection’s fields (audited nftCollections.update); disabled hides it with its items',
          params: IdParams,
          body: AdminNftCollectionInput,
          response: { 200: envelope(AdminNftCollection) },
        },
      },
      async (req) => ok(req, await nfts.updateCollection(actor(req), req.params.id, req.body)),
    );
  }

  r.get(
    '/swx/admin/nft-items',
    {
      ...edit,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'NFT items a page at a time, by collection and status, with bids, current bid and donation',
        querystring: AdminNftItemsQuery,
        response: { 200: envelope(AdminNftItemsResult) },
      },
    },
    async (req) => ok(req, await nfts.items(req.query)),
  );

  r.post(
    '/swx/admin/nft-items',
    {
      ...edit,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'List an NFT item for auction (audited nftItems.create)',
        description:
          '40001 naming the field: an unknown collection, charity, seller or currency, an image that is not an nft ' +
          'upload (imageFileId), amounts not positive at the currency’s scale, a reserve below the start price, a ' +
          'buy-now price not above the reserve, an edition above its size, an end not after the start.',
        body: AdminNftItemInput,
        response: { 200: envelope(AdminNftItem) },
      },
    },
    async (req) => ok(req, await nfts.createItem(actor(req), req.body)),
  );

  for (const method of ['put', 'post'] as const) {
    r[method](
      '/swx/admin/nft-items/:id',
      {
        ...edit,
        schema: {
          tags: [TAG],
          security: BEARER,
          summary: 'Replace an NFT item’s fields (audited nftItems.update)',
          description: `${FROZEN} Checked as a new item (40001 naming the field).`,
          params: IdParams,
          body: AdminNftItemInput,
          response: { 200: envelope(AdminNftItem) },
        },
      },
      async (req) => ok(req, await nfts.updateItem(actor(req), req.params.id, req.body)),
    );
  }

  r.post(
    '/swx/admin/nft-items/:id/withdraw',
    {
      ...edit,
      schema: {
        tags: [TAG],
        security: BEARER,
        summary: 'Take an NFT item down before its first bid (audited nftItems.withdraw); 40068 once it has a bid',
        params: IdParams,
        response: { 200: envelope(AdminNftItem) },
      },
    },
    async (req) => ok(req, await nfts.withdrawItem(actor(req), req.params.id)),
  );
}
