/**
 * A server process for the multi-process tests: the real server (`startServer`, roles and all from
 * the environment) plus a test job and a few commands over the IPC channel its parent opened:
 *
 * - `tick`          records a tick (only the owner of the feed may; others answer an error);
 * - `runAt`         schedules the test job once, by key;
 * - `eventThenDie`  commits an event to the outbox and is SIGKILLed before publishing it;
 * - `status`        the leases this process holds;
 * - `give`          credits a user's real account from the treasury (a deposit);
 * - `trialBalance`  the ledger's invariants recomputed from the journal.
 *
 * The test job appends `pid key` to the file named by OB_TEST_JOB_LOG.
 */
import fs from 'node:fs';
import { loadConfig } from '../config.ts';
import { startServer } from '../server.ts';

type Command =
  | { id: number; cmd: 'tick'; instrumentId: number; bid: string; ask: string }
  | { id: number; cmd: 'runAt'; at: number; key: string }
  | { id: number; cmd: 'eventThenDie'; topic: string; payload: unknown }
  | { id: number; cmd: 'status' }
  | { id: number; cmd: 'give'; userId: number; currency: string; amount: string; key: string }
  | { id: number; cmd: 'trialBalance' };

const jobLog = process.env.OB_TEST_JOB_LOG;

const server = await startServer(loadConfig(), (services) => {
  services.jobs.define('test.once', {
    handler: ({ key }) => {
      if (jobLog) fs.appendFileSync(jobLog, `${process.pid} ${key}\n`);
    },
  });
});
const { services, database } = server;

async function run(c: Command): Promise<unknown> {
  switch (c.cmd) {
    case 'tick': {
      const t = await services.market.publishTick({ instrumentId: c.instrumentId, bid: c.bid, ask: c.ask });
      return { id: t.id };
    }
    case 'runAt':
      return services.jobs.runAt('test.once', new Date(c.at), { key: c.key });
    case 'eventThenDie': {
      await database.db.transaction((tx) => services.events.write(tx, c.topic, c.payload));
      // Committed, not yet published: the relay's next poll or `published()` would send it.
      process.kill(process.pid, 'SIGKILL');
      return null;
    }
    case 'give':
      return services.ledger.transfer(database.db, {
        key: c.key,
        debit: { platform: 'treasury', mode: 'real' },
        credit: { userId: c.userId, mode: 'real' },
        currency: c.currency,
        amount: c.amount,
        code: 'deposit',
      });
    case 'trialBalance':
      return services.ledger.trialBalance(database.db);
    case 'status':
      return {
        feed: services.leases.held('feed'),
        engine: services.leases.held('engine'),
        alerts: services.leases.held('alerts'),
        spot: services.leases.held('spot'),
        pid: process.pid,
      };
  }
}

// The parent (a test, a benchmark) is gone: so is this process, never an orphan holding leases.
process.on('disconnect', () => process.exit(1));

process.on('message', (c: Command) => {
  run(c).then(
    (result) => process.send?.({ id: c.id, result }),
    (err: unknown) => process.send?.({ id: c.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
process.send?.({ ready: true, port: server.port, pid: process.pid });
