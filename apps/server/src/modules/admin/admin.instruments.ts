/**
 * Instruments in the back office: their trading terms listed, and an owner's edit — checked by the
 * market module, audited with before and after, and announced on the bus (`config` topic) in the
 * same transaction, so that every process reloads its instruments without a restart.
 */
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Events } from '../events/events.service.ts';
import { type InstrumentEdit, termsOf } from '../market/market.edits.ts';
import type { MarketService } from '../market/market.service.ts';
import { SESSIONS } from '../market/market.session.ts';
import type { Instrument } from '../market/market.types.ts';
import type { AdminActor } from './admin.auth.ts';
import { adminRepository as repo } from './admin.repository.ts';

/** The bus topic of operator configuration changes; payload `{ kind: 'instruments', id }`. */
export const CONFIG_TOPIC = 'config';

const templateOf = (inst: Instrument) =>
  (Object.entries(SESSIONS).find(([, spec]) => spec.label === inst.session.label)?.[0] ?? 'custom') as string;

const view = (i: Instrument) => ({
  id: i.id,
  code: i.code,
  name: i.name,
  type: i.type,
  assetClass: i.assetClass,
  enabled: i.enabled,
  session: templateOf(i),
  sessionLabel: i.session.label,
  maxLeverage: i.maxLeverage,
  lotStep: i.lotStep,
  minLots: i.minLots,
  maxLots: i.maxLots,
  spreadRate: i.spreadRate,
  feeRate: i.feeRate,
  tickSize: i.tickSize,
  stopsLevel: i.stopsLevel,
});

export function createAdminInstruments(deps: { db: Db; clock: Clock; market: MarketService; events: Events }) {
  const { db, clock, market, events } = deps;
  return {
    async list() {
      return (await market.listInstruments()).map(view);
    },

    async edit(actor: AdminActor, id: number, edit: InstrumentEdit) {
      const after = await db.transaction(async (tx) => {
        const r = await market.editInstrument(tx, id, edit);
        await repo.auditAs(tx, actor, clock.now(), {
          action: 'instruments.edit',
          targetType: 'instrument',
          targetId: r.after.code,
          before: termsOf(r.before),
          after: termsOf(r.after),
        });
        await events.write(tx, CONFIG_TOPIC, { kind: 'instruments', id });
        return r.after;
      });
      events.published();
      return view(after);
    },
  };
}

export type AdminInstruments = ReturnType<typeof createAdminInstruments>;
