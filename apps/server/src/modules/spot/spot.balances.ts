/**
 * The balances a batch admits its orders against (spot.writer.ts), read in its first round trip.
 *
 * An account no batch in flight writes is locked (`for update`) and read, as every writer of the
 * ledger locks: nobody else spends it before this batch commits. An account a batch in flight writes
 * (a submitter of that batch, a maker it filled, a user whose order it ended) is read without a lock
 * — that batch takes or will take the account's lock, and this batch commits only after it — and in
 * the same snapshot as the book's batch number: the changes of every batch in flight after that number
 * (not committed when the balance was read) are added, as this process planned them. So a balance is
 * what the account holds once the batches before this one have committed, whether the read came
 * before or after their COMMIT. The conditional debits of the batch's bundle remain the check.
 */
import { fromLedger } from '@openbourse/money';
import type { Statement } from '../../db/pipeline.ts';
import type { Executor } from '../../db/client.ts';
import type { AccountMeta } from '../ledger/ledger.fast.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PairGrid } from './spot.grid.ts';
import { spotRepository as repo } from './spot.repository.ts';

/** A batch planned and sent whose COMMIT this process has not seen: its number, each account's net change (ledger.bulk.ts). */
export interface InFlight {
  no: number;
  deltas: Map<number, bigint>;
}

type Row = Record<string, unknown>;

/**
 * The statements that read the submitters' available accounts (`buys` in the quote, `sells` in the
 * base) for a batch sent behind `inFlight`, and the reading of their rows into balances.
 */
export async function balanceReads(
  ledger: Pick<LedgerService, 'balanceLock'>,
  exec: Executor,
  grid: PairGrid,
  mode: string,
  buys: readonly AccountMeta[],
  sells: readonly AccountMeta[],
  inFlight: readonly InFlight[],
): Promise<{ statements: Statement[]; read(rows: readonly Row[][]): Map<number, bigint> }> {
  const written = new Set<number>();
  for (const b of inFlight) for (const id of b.deltas.keys()) written.add(id);
  const freeBuys = buys.filter((a) => !written.has(a.id));
  const freeSells = sells.filter((a) => !written.has(a.id));
  const quoteLock = freeBuys.length ? await ledger.balanceLock(exec, grid.quote, freeBuys) : null;
  const baseLock = freeSells.length ? await ledger.balanceLock(exec, grid.base, freeSells) : null;
  const scale = new Map<number, number>();
  for (const a of buys) if (written.has(a.id)) scale.set(a.id, grid.quoteScale);
  for (const a of sells) if (written.has(a.id)) scale.set(a.id, grid.baseScale);
  const unlocked = scale.size ? repo.balancesAtBatchStatement(grid.id, mode, [...scale.keys()]) : null;
  const statements = [quoteLock?.statement, baseLock?.statement, unlocked].filter((s): s is Statement => !!s);
  return {
    statements,
    read(rows) {
      let k = 0;
      const balances = new Map<number, bigint>();
      if (quoteLock) for (const [id, v] of quoteLock.read(rows[k++] ?? [])) balances.set(id, v);
      if (baseLock) for (const [id, v] of baseLock.read(rows[k++] ?? [])) balances.set(id, v);
      if (unlocked) {
        for (const r of rows[k++] ?? []) {
          const id = Number(r.id);
          const seen = Number(r.batch);
          let units = fromLedger(String(r.balance), scale.get(id) as number);
          for (const b of inFlight) if (b.no > seen) units += b.deltas.get(id) ?? 0n;
          balances.set(id, units);
        }
      }
      return balances;
    },
  };
}
