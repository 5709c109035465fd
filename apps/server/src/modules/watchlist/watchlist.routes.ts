import {
  AddPriceAlertRequest,
  FavouriteRequest,
  FavouritesResult,
  PriceAlert,
  PriceAlertsResult,
  RemovePriceAlertRequest,
  RemovePriceAlertResult,
} from '@openbourse/contracts/watchlist.ts';
import type { FastifyInstance } from 'fastify';
import { envelope, ok } from '../../http/envelope.ts';
import { BEARER, typed } from '../../http/typed.ts';
import type { WatchlistService } from './watchlist.service.ts';

/** Favourites and price alerts: schema-first and thin (validate → service → reply). All need login. */
export async function watchlistRoutes(app: FastifyInstance, { watchlist }: { watchlist: WatchlistService }) {
  const r = typed(app);
  const auth = { auth: 'required' as const };
  const tags = ['watchlist'];
  const { maxFavourites, maxActiveAlerts } = watchlist.options;

  r.get(
    '/swx/customer/user/listFavourite',
    {
      config: auth,
      schema: {
        tags,
        summary: "The user's favourite instruments, oldest first",
        description: 'Both accounts (real and demo) share them. `max` is how many a user may keep.',
        security: BEARER,
        response: { 200: envelope(FavouritesResult) },
      },
    },
    async (req) => ok(req, await watchlist.listFavourites(req.user!.id)),
  );

  r.post(
    '/swx/customer/user/addFavourite',
    {
      config: auth,
      schema: {
        tags,
        summary: 'Adds an instrument to the favourites (idempotent)',
        description:
          `Adding one already there changes nothing. Errors: 80005 unknown or disabled instrument; 40029 the user ` +
          `already keeps ${maxFavourites}. Answers the favourites after the change.`,
        security: BEARER,
        body: FavouriteRequest,
        response: { 200: envelope(FavouritesResult) },
      },
    },
    async (req) => ok(req, await watchlist.addFavourite(req.user!.id, req.body.instrumentId)),
  );

  r.post(
    '/swx/customer/user/removeFavourite',
    {
      config: auth,
      schema: {
        tags,
        summary: 'Removes an instrument from the favourites (idempotent)',
        description: 'Removing one that is not there changes nothing. Errors: 80005 unknown instrument.',
        security: BEARER,
        body: FavouriteRequest,
        response: { 200: envelope(FavouritesResult) },
      },
    },
    async (req) => ok(req, await watchlist.removeFavourite(req.user!.id, req.body.instrumentId)),
  );

  r.get(
    '/swx/customer/user/listPriceAlert',
    {
      config: auth,
      schema: {
        tags,
        summary: "The user's price alerts: those waiting, and the latest fired",
        description:
          'A fired alert names the recorded tick that fired it and its last price (index/getTick/{id} shows it).',
        security: BEARER,
        response: { 200: envelope(PriceAlertsResult) },
      },
    },
    async (req) => ok(req, await watchlist.listAlerts(req.user!.id)),
  );

  r.post(
    '/swx/customer/user/addPriceAlert',
    {
      config: auth,
      schema: {
        tags,
        summary: 'Sets a price alert: once, when the last price reaches the target',
        description:
          'above fires on the first recorded tick whose last price is at or above the target, below at or under it; ' +
          'it fires once, as a notification (kind priceAlert) pushed to the signed-in sockets. Errors: 80005 unknown ' +
          'or disabled instrument; 40001 field price (not a positive decimal); 40032 more decimals than the ' +
          'instrument’s prices; 10015 no recorded price yet; 40031 the price has already reached the target ' +
          `(the answer names the price); 40030 ${maxActiveAlerts} alerts already waiting.`,
        security: BEARER,
        body: AddPriceAlertRequest,
        response: { 200: envelope(PriceAlert) },
      },
    },
    async (req) => ok(req, await watchlist.createAlert(req.user!.id, req.body)),
  );

  r.post(
    '/swx/customer/user/removePriceAlert',
    {
      config: auth,
      schema: {
        tags,
        summary: 'Removes one of the user’s price alerts, waiting or fired',
        description: 'Errors: 80005 no such alert of the user’s.',
        security: BEARER,
        body: RemovePriceAlertRequest,
        response: { 200: envelope(RemovePriceAlertResult) },
      },
    },
    async (req) => ok(req, await watchlist.removeAlert(req.user!.id, req.body.id)),
  );
}
