/**
 * Charity NFTs in the back office: the charities (who receive the money: `params.edit`), the
 * collections and the items (`nfts.edit`), over the nfts module's service. Every create, edit and
 * withdrawal runs in its own transaction with its audit row (before and after); the nfts service
 * refuses a frozen field changed, or a withdrawal, after an item's first bid (40068).
 */
import type {
  AdminNftCharity,
  AdminNftCharityInput,
  AdminNftCollection,
  AdminNftCollectionInput,
  AdminNftItem,
  AdminNftItemInput,
  AdminNftItemsQuery,
  AdminNftItemsResult,
} from '@openbourse/contracts/nfts.ts';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Nfts } from '../nfts/nfts.service.ts';
import type { AdminActor } from './admin.auth.ts';
import { adminRepository as repo } from './admin.repository.ts';

export function createAdminNfts(deps: { db: Db; clock: Clock; nfts: Nfts }) {
  const { db, clock } = deps;
  const listings = deps.nfts.listings;

  /** One change and its audit row, in one transaction. */
  async function audited<T extends { id: number }>(
    actor: AdminActor,
    entry: { action: string; targetType: string; targetId?: number },
    change: (tx: Tx) => Promise<{ before?: T; after: T }>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      const { before, after } = await change(tx);
      await repo.auditAs(tx, actor, clock.now(), {
        action: entry.action,
        targetType: entry.targetType,
        targetId: String(entry.targetId ?? after.id),
        before,
        after,
      });
      return after;
    });
  }

  return {
    async charities(): Promise<{ list: AdminNftCharity[] }> {
      return { list: await listings.adminCharities() };
    },

    createCharity(actor: AdminActor, input: z.output<typeof AdminNftCharityInput>): Promise<AdminNftCharity> {
      return audited(actor, { action: 'nftCharities.create', targetType: 'nftCharity' }, async (tx) => ({
        after: await listings.createCharity(tx, input),
      }));
    },

    updateCharity(
      actor: AdminActor,
      id: number,
      input: z.output<typeof AdminNftCharityInput>,
    ): Promise<AdminNftCharity> {
      return audited(actor, { action: 'nftCharities.update', targetType: 'nftCharity', targetId: id }, (tx) =>
        listings.updateCharity(tx, id, input),
      );
    },

    async collections(): Promise<{ list: AdminNftCollection[] }> {
      return { list: await listings.adminCollections() };
    },

    createCollection(actor: AdminActor, input: z.output<typeof AdminNftCollectionInput>): Promise<AdminNftCollection> {
      return audited(actor, { action: 'nftCollections.create', targetType: 'nftCollection' }, async (tx) => ({
        after: await listings.createCollection(tx, input),
      }));
    },

    updateCollection(
      actor: AdminActor,
      id: number,
      input: z.output<typeof AdminNftCollectionInput>,
    ): Promise<AdminNftCollection> {
      return audited(actor, { action: 'nftCollections.update', targetType: 'nftCollection', targetId: id }, (tx) =>
        listings.updateCollection(tx, id, input),
      );
    },

    items(query: z.output<typeof AdminNftItemsQuery>): Promise<AdminNftItemsResult> {
      return listings.adminItems(query);
    },

    createItem(actor: AdminActor, input: z.output<typeof AdminNftItemInput>): Promise<AdminNftItem> {
      return audited(actor, { action: 'nftItems.create', targetType: 'nftItem' }, async (tx) => ({
        after: await listings.createItem(tx, input),
      }));
    },

    updateItem(actor: AdminActor, id: number, input: z.output<typeof AdminNftItemInput>): Promise<AdminNftItem> {
      return audited(actor, { action: 'nftItems.update', targetType: 'nftItem', targetId: id }, (tx) =>
        listings.updateItem(tx, id, input),
      );
    },

    /** Takes an item down before its first bid (40068 after). */
    withdrawItem(actor: AdminActor, id: number): Promise<AdminNftItem> {
      return audited(actor, { action: 'nftItems.withdraw', targetType: 'nftItem', targetId: id }, (tx) =>
        listings.withdrawItem(tx, id),
      );
    },
  };
}

export type AdminNfts = ReturnType<typeof createAdminNfts>;
