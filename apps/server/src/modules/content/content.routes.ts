import {
  ContentDetail,
  ContentListQuery,
  ContentListType,
  FOOTER_CONTENT_TYPES,
  ContentSummary,
  HelpSearchQuery,
  HelpSearchResult,
  HomeStats,
  ParamResult,
  PinnedNotice,
} from '@openbourse/contracts/content.ts';
import { AreaCodeEntry } from '@openbourse/contracts/auth.ts';
import { ErrorCode } from '@openbourse/contracts/errors.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { typed } from '../../http/typed.ts';
import type { ParamsService } from '../params/params.service.ts';
import { listAreaCodes } from '../users/phone.ts';
import type { ContentService } from './content.service.ts';
import type { HomeService } from '../home/home.service.ts';

export async function contentRoutes(
  app: FastifyInstance,
  deps: { content: ContentService; params: ParamsService; home: HomeService },
) {
  const r = typed(app);

  r.get(
    '/swx/customer/index/listContents/:type',
    {
      schema: {
        tags: ['content'],
        summary: 'Content items: the footer’s, or one type’s',
        description:
          '`type` is the list type of spec §9: 1 the Chinese list, 2 the list in the request language (every ' +
          'other language; English where an item has no translation). Without `itemType`: every footer item ' +
          '(1 company, 2 policy, 3 other), each with its `type`, in that order. `itemType` (1 company, 2 policy, ' +
          '3 other, 4 FAQ, 5 notice) asks for one type only.',
        params: z.object({ type: ContentListType }),
        querystring: ContentListQuery,
        response: { 200: envelope(z.array(ContentSummary)) },
      },
    },
    async (req) => {
      const lang = req.params.type === 1 ? 'zh' : req.lang;
      const types = req.query.itemType ? [req.query.itemType] : [...FOOTER_CONTENT_TYPES];
      return ok(req, await deps.content.list(types, lang));
    },
  );

  r.get(
    '/swx/customer/index/getContentsById/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'One content item by id (or slug), in the request language, falling back to English',
        params: z.object({
          id: z
            .string()
            .max(64)
            .regex(/^[a-z0-9-]+$/i),
        }),
        response: { 200: envelope(ContentDetail) },
      },
    },
    async (req) => ok(req, await deps.content.get(req.params.id, req.lang)),
  );

  r.get(
    '/swx/customer/index/searchHelp',
    {
      schema: {
        tags: ['content'],
        summary: 'Help centre search: FAQ and notices in the request language, paged',
        description:
          'Case- and accent-insensitive; title matches first, then summary, then body. `q` is 1–64 characters ' +
          '(40001 otherwise). Each hit has a plain-text `snippet` around the first match in the body.',
        querystring: HelpSearchQuery,
        response: { 200: envelope(HelpSearchResult) },
      },
    },
    async (req) => ok(req, await deps.content.search(req.query.q, req.lang, req.query.page, req.query.size)),
  );

  r.get(
    '/swx/customer/index/getPinnedNotice',
    {
      schema: {
        tags: ['content'],
        summary: 'The notice an editor pinned to the home page (the latest pinned), or null',
        response: { 200: envelope(PinnedNotice) },
      },
    },
    async (req) => ok(req, await deps.content.pinned(req.lang)),
  );

  r.get(
    '/swx/customer/index/getParamByKey/:key',
    {
      schema: {
        tags: ['content'],
        summary: 'A public platform parameter (down_url, site_name, support_email, demo_enabled, …)',
        params: z.object({
          key: z
            .string()
            .max(64)
            .regex(/^[A-Za-z0-9_]+$/),
        }),
        response: { 200: envelope(ParamResult) },
      },
    },
    async (req) => {
      const value = await deps.params.getPublic(req.params.key);
      if (value === undefined) throw new AppError(ErrorCode.ParametersNotFetched);
      return ok(req, { paramKey: req.params.key, paramValue: value });
    },
  );

  r.get(
    '/swx/customer/index/listAreaCodes',
    {
      schema: {
        tags: ['content'],
        summary: 'Country calling codes (libphonenumber metadata) with country names in the request language',
        response: { 200: envelope(z.array(AreaCodeEntry)) },
      },
    },
    async (req) => ok(req, listAreaCodes(req.lang)),
  );

  r.get(
    '/swx/customer/index/getHomeStats',
    {
      schema: {
        tags: ['content'],
        summary: "Home-page figures computed from the platform's own data",
        response: { 200: envelope(HomeStats) },
      },
    },
    async (req) => ok(req, await deps.home.stats()),
  );
}
