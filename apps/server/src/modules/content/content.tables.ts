import {
  bigserial,
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** type: 1 company, 2 policy, 3 other (footer), 4 help FAQ, 5 notice. */
export const contents = pgTable(
  'contents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    slug: text('slug').notNull(),
    type: integer('type').notNull(),
    sort: integer('sort').notNull().default(0),
    /** A notice an editor pinned to the home page (at most one shows: the latest pinned). */
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('contents_slug_uq').on(t.slug), index('contents_type_idx').on(t.type, t.sort)],
);

export const contentTranslations = pgTable(
  'content_translations',
  {
    contentId: bigint('content_id', { mode: 'number' })
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull(),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.lang] })],
);
