/**
 * Footer pages, FAQ and notices in the back office: every item with its 11 translations side by
 * side, edits of any of them (and the order), new items (English required); audited with the
 * changed languages' texts before and after, in the edit's transaction. The user app reads the
 * database directly, so an edit shows at once everywhere.
 */
import { CONTENT_TYPES } from '@openbourse/contracts/content.ts';
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import type { Language } from '@openbourse/contracts/languages.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ContentEditor, Translation } from '../content/content.editor.ts';
import type { AdminActor } from './admin.auth.ts';
import { adminErrors } from './admin.errors.ts';
import { adminRepository as repo } from './admin.repository.ts';

type Translations = Partial<Record<Language, Translation>>;

export function createAdminContent({ db, clock, editor }: { db: Db; clock: Clock; editor: ContentEditor }) {
  async function audit(
    actor: AdminActor,
    exec: Parameters<typeof repo.audit>[0],
    action: string,
    id: number,
    before: unknown,
    after: unknown,
  ) {
    await repo.auditAs(exec, actor, clock.now(), {
      action,
      targetType: 'content',
      targetId: String(id),
      before,
      after,
    });
  }

  return {
    list: () => editor.all(),

    async get(id: number) {
      const item = await editor.get(db, id);
      if (!item) throw adminErrors.noRecord();
      return item;
    },

    async update(actor: AdminActor, id: number, change: { sort?: number | undefined; translations: Translations }) {
      return db.transaction(async (tx) => {
        const before = await editor.get(tx, id, true);
        if (!before) throw adminErrors.noRecord();
        await editor.save(tx, id, change);
        const after = await editor.get(tx, id);
        const langs = Object.keys(change.translations) as Language[];
        const pick = (t: Translations) => Object.fromEntries(langs.map((l) => [l, t[l] ?? null]));
        await audit(
          actor,
          tx,
          'content.update',
          id,
          { sort: before.sort, translations: pick(before.translations) },
          { sort: after?.sort, translations: pick(change.translations) },
        );
        return after as NonNullable<typeof after>;
      });
    },

    /** Pins a notice to the home page or unpins it (notices only: 40001 field type), audited. */
    async pin(actor: AdminActor, id: number, pinned: boolean) {
      return db.transaction(async (tx) => {
        const before = await editor.get(tx, id, true);
        if (!before) throw adminErrors.noRecord();
        if (before.type !== CONTENT_TYPES.notice) throw new AppError(ErrorCode.InvalidField, { field: 'type' });
        await editor.setPinned(tx, id, pinned);
        const after = (await editor.get(tx, id)) as NonNullable<typeof before>;
        await audit(
          actor,
          tx,
          pinned ? 'content.pin' : 'content.unpin',
          id,
          { pinnedAt: before.pinnedAt },
          { pinnedAt: after.pinnedAt },
        );
        return after;
      });
    },

    async create(actor: AdminActor, input: { slug: string; type: number; sort: number; translations: Translations }) {
      return db.transaction(async (tx) => {
        const id = await editor.create(tx, { slug: input.slug, type: input.type, sort: input.sort });
        if (id === null) throw adminErrors.slugExists();
        await editor.save(tx, id, { translations: input.translations });
        await audit(actor, tx, 'content.create', id, null, input);
        return (await editor.get(tx, id)) as NonNullable<Awaited<ReturnType<typeof editor.get>>>;
      });
    },
  };
}

export type AdminContent = ReturnType<typeof createAdminContent>;
