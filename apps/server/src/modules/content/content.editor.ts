/**
 * The content as the back office edits it: every item with all its translations side by side, a
 * locked read for an edit, saving translations (one row per language), and new items.
 */
import type { Language } from '@openbourse/contracts/languages.ts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { contents, contentTranslations } from './content.tables.ts';

export interface Translation {
  title: string;
  summary: string;
  body: string;
}

export interface EditableItem {
  id: number;
  slug: string;
  type: number;
  sort: number;
  updatedAt: string;
  /** A notice pinned to the home page: when (null when not pinned). */
  pinnedAt: string | null;
  translations: Partial<Record<Language, Translation>>;
}

export function createContentEditor({ db, clock }: { db: Db; clock: Clock }) {
  async function load(exec: Executor, ids?: number[]): Promise<EditableItem[]> {
    const items = await (ids
      ? exec.select().from(contents).where(inArray(contents.id, ids))
      : exec.select().from(contents).orderBy(asc(contents.type), asc(contents.sort), asc(contents.id)));
    if (items.length === 0) return [];
    const tr = await exec
      .select()
      .from(contentTranslations)
      .where(
        inArray(
          contentTranslations.contentId,
          items.map((i) => i.id),
        ),
      );
    return items.map((i) => ({
      id: Number(i.id),
      slug: i.slug,
      type: i.type,
      sort: i.sort,
      updatedAt: i.updatedAt.toISOString(),
      pinnedAt: i.pinnedAt?.toISOString() ?? null,
      translations: Object.fromEntries(
        tr
          .filter((t) => Number(t.contentId) === Number(i.id))
          .map((t) => [t.lang, { title: t.title, summary: t.summary, body: t.body }]),
      ),
    }));
  }

  return {
    all: () => load(db),

    async get(exec: Executor, id: number, lock = false): Promise<EditableItem | null> {
      if (lock) await exec.select({ id: contents.id }).from(contents).where(eq(contents.id, id)).for('update');
      return (await load(exec, [id]))[0] ?? null;
    },

    /** Writes the given languages' texts (others stay) and the order, in `exec`'s transaction. */
    async save(
      exec: Executor,
      id: number,
      change: { sort?: number | undefined; translations: Partial<Record<Language, Translation>> },
    ) {
      const now = clock.now();
      await exec
        .update(contents)
        .set({ ...(change.sort !== undefined ? { sort: change.sort } : {}), updatedAt: now })
        .where(eq(contents.id, id));
      const rows = Object.entries(change.translations).map(([lang, t]) => ({
        contentId: id,
        lang,
        ...(t as Translation),
      }));
      if (rows.length > 0) {
        await exec
          .insert(contentTranslations)
          .values(rows)
          .onConflictDoUpdate({
            target: [contentTranslations.contentId, contentTranslations.lang],
            set: { title: sql`excluded.title`, summary: sql`excluded.summary`, body: sql`excluded.body` },
          });
      }
    },

    /** Pins a notice to the home page (now) or unpins it, in `exec`'s transaction. */
    async setPinned(exec: Executor, id: number, pinned: boolean) {
      await exec
        .update(contents)
        .set({ pinnedAt: pinned ? clock.now() : null })
        .where(eq(contents.id, id));
    },

    /** A new item (null when the slug is taken). */
    async create(exec: Executor, item: { slug: string; type: number; sort: number }): Promise<number | null> {
      const now = clock.now();
      const [row] = await exec
        .insert(contents)
        .values({ ...item, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning({ id: contents.id });
      return row ? Number(row.id) : null;
    },
  };
}

export type ContentEditor = ReturnType<typeof createContentEditor>;
