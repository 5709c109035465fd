import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CONTENT_TYPES,
  type ContentDetail,
  type ContentSummary,
  type HelpSearchResult,
  type PinnedNotice,
} from '@openbourse/contracts/content.ts';
import { LANGUAGES, type Language } from '@openbourse/contracts/languages.ts';
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ParamsService } from '../params/params.service.ts';
import { contents, contentTranslations } from './content.tables.ts';
import { fold, snippet } from './content.search.ts';

const SEED_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'seed');

/** Which content type each seeded slug belongs to; order within a type is the list order. */
export const SEED_TYPES: Record<string, number> = {
  'about-us': CONTENT_TYPES.company,
  'contact-us': CONTENT_TYPES.company,
  terms: CONTENT_TYPES.policy,
  privacy: CONTENT_TYPES.policy,
  'risk-warning': CONTENT_TYPES.policy,
  'cookie-policy': CONTENT_TYPES.policy,
  disclaimer: CONTENT_TYPES.policy,
  advertising: CONTENT_TYPES.other,
  'licence-supervision': CONTENT_TYPES.other,
};

function typeOfSlug(slug: string): number {
  if (slug in SEED_TYPES) return SEED_TYPES[slug] as number;
  if (slug.startsWith('faq-')) return CONTENT_TYPES.faq;
  if (slug.startsWith('notice-')) return CONTENT_TYPES.notice;
  return CONTENT_TYPES.other;
}

interface SeedItem {
  slug: string;
  title: string;
  summary: string;
  body: string;
}

export function readSeed(lang: Language): SeedItem[] {
  const file = path.join(SEED_DIR, `${lang}.json`);
  if (!fs.existsSync(file)) return [];
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { items: SeedItem[] }).items;
}

export interface ContentService {
  seed(exec: Executor): Promise<void>;
  /** Items of these types, by type in the given order, then by their sort. */
  list(types: readonly number[], lang: Language): Promise<ContentSummary[]>;
  get(idOrSlug: string, lang: Language): Promise<ContentDetail>;
  /** FAQ and notices matching `q` in `lang` (English where untranslated), case- and accent-insensitive. */
  search(q: string, lang: Language, page: number, size: number): Promise<HelpSearchResult>;
  /** The notice pinned to the home page most recently, or null. */
  pinned(lang: Language): Promise<PinnedNotice>;
}

export function createContentService({
  db,
  clock,
  params,
}: {
  db: Db;
  clock: Clock;
  params: ParamsService;
}): ContentService {
  /** {site} and {supportEmail} in stored texts follow the operator's parameters. */
  async function substitute<T extends { title: string; summary: string; body?: string }>(item: T): Promise<T> {
    const site = (await params.get('site_name')) ?? 'OpenBourse';
    const supportEmail = (await params.get('support_email')) ?? '';
    const fill = (s: string) => s.replaceAll('{site}', site).replaceAll('{supportEmail}', supportEmail);
    return {
      ...item,
      title: fill(item.title),
      summary: fill(item.summary),
      ...(item.body === undefined ? {} : { body: fill(item.body) }),
    };
  }

  /** The request's language where a translation exists, English otherwise. */
  const translationFor = (lang: Language) =>
    sql`coalesce(
      (select ${contentTranslations.lang} from ${contentTranslations}
        where ${contentTranslations.contentId} = ${contents.id} and ${contentTranslations.lang} = ${lang}),
      'en')`;

  return {
    async seed(exec) {
      const now = clock.now();
      const english = readSeed('en');
      for (const [index, item] of english.entries()) {
        await exec
          .insert(contents)
          .values({ slug: item.slug, type: typeOfSlug(item.slug), sort: index, createdAt: now, updatedAt: now })
          .onConflictDoNothing();
      }
      const rows = await exec.select({ id: contents.id, slug: contents.slug }).from(contents);
      const idBySlug = new Map(rows.map((r) => [r.slug, r.id]));
      for (const lang of LANGUAGES) {
        const items = readSeed(lang).filter((i) => idBySlug.has(i.slug));
        if (items.length === 0) continue;
        await exec
          .insert(contentTranslations)
          .values(
            items.map((i) => ({
              contentId: idBySlug.get(i.slug) as number,
              lang,
              title: i.title,
              summary: i.summary,
              body: i.body,
            })),
          )
          .onConflictDoNothing();
      }
    },

    async list(types, lang) {
      const rows = await db
        .select({
          id: contents.id,
          slug: contents.slug,
          type: contents.type,
          updatedAt: contents.updatedAt,
          title: contentTranslations.title,
          summary: contentTranslations.summary,
        })
        .from(contents)
        .innerJoin(
          contentTranslations,
          and(eq(contentTranslations.contentId, contents.id), eq(contentTranslations.lang, translationFor(lang))),
        )
        .where(inArray(contents.type, [...types]))
        .orderBy(asc(contents.sort), asc(contents.id));
      rows.sort((a, b) => types.indexOf(a.type) - types.indexOf(b.type));
      return Promise.all(rows.map((r) => substitute({ ...r, id: Number(r.id), updatedAt: r.updatedAt.toISOString() })));
    },

    async search(q, lang, page, size) {
      const needle = fold(q);
      const rows = await db
        .select({
          id: contents.id,
          slug: contents.slug,
          type: contents.type,
          updatedAt: contents.updatedAt,
          title: contentTranslations.title,
          summary: contentTranslations.summary,
          body: contentTranslations.body,
        })
        .from(contents)
        .innerJoin(
          contentTranslations,
          and(eq(contentTranslations.contentId, contents.id), eq(contentTranslations.lang, translationFor(lang))),
        )
        .where(inArray(contents.type, [CONTENT_TYPES.faq, CONTENT_TYPES.notice]))
        .orderBy(asc(contents.type), asc(contents.sort), asc(contents.id));
      const filled = await Promise.all(rows.map((r) => substitute(r)));
      // Title matches first, then summary, then body; the corpus is the editors' FAQ and notices (small).
      const scored = filled
        .map((r) => {
          const rank = fold(r.title).includes(needle)
            ? 0
            : fold(r.summary).includes(needle)
              ? 1
              : fold(r.body).includes(needle)
                ? 2
                : -1;
          return { r, rank };
        })
        .filter((x) => x.rank >= 0)
        .sort((a, b) => a.rank - b.rank);
      const list = scored.slice((page - 1) * size, page * size).map(({ r }) => ({
        id: Number(r.id),
        slug: r.slug,
        type: r.type,
        title: r.title,
        summary: r.summary,
        updatedAt: r.updatedAt.toISOString(),
        snippet: snippet(r.body, needle),
      }));
      return { list, total: scored.length, page, size };
    },

    async pinned(lang) {
      const [row] = await db
        .select({
          id: contents.id,
          slug: contents.slug,
          type: contents.type,
          updatedAt: contents.updatedAt,
          pinnedAt: contents.pinnedAt,
          title: contentTranslations.title,
          summary: contentTranslations.summary,
        })
        .from(contents)
        .innerJoin(
          contentTranslations,
          and(eq(contentTranslations.contentId, contents.id), eq(contentTranslations.lang, translationFor(lang))),
        )
        .where(and(eq(contents.type, CONTENT_TYPES.notice), isNotNull(contents.pinnedAt)))
        .orderBy(desc(contents.pinnedAt), desc(contents.id))
        .limit(1);
      if (!row?.pinnedAt) return null;
      return substitute({
        ...row,
        id: Number(row.id),
        updatedAt: row.updatedAt.toISOString(),
        pinnedAt: row.pinnedAt.toISOString(),
      });
    },

    async get(idOrSlug, lang) {
      const byId = /^\d{1,15}$/.test(idOrSlug);
      const [row] = await db
        .select({
          id: contents.id,
          slug: contents.slug,
          type: contents.type,
          updatedAt: contents.updatedAt,
          title: contentTranslations.title,
          summary: contentTranslations.summary,
          body: contentTranslations.body,
          lang: contentTranslations.lang,
        })
        .from(contents)
        .innerJoin(
          contentTranslations,
          and(eq(contentTranslations.contentId, contents.id), eq(contentTranslations.lang, translationFor(lang))),
        )
        .where(byId ? eq(contents.id, Number(idOrSlug)) : eq(contents.slug, idOrSlug));
      if (!row) throw new AppError(ErrorCode.NoRecord);
      return substitute({ ...row, id: Number(row.id), updatedAt: row.updatedAt.toISOString() });
    },
  };
}
