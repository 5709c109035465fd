/**
 * Taking a day's snapshot: every user's real-account liability per currency read at one point (the
 * caller's REPEATABLE READ transaction), the Merkle sum tree built over it (packages/contracts
 * liabilities-tree.ts), and the root, leaves and nodes stored so any user's proof is one read later.
 *
 * A user's liability in a currency is their real `available` + `locked` balance: free money, money
 * held for open orders, margin, pending withdrawals, smart-plan principal and NFT bids (all holds
 * are locked balances). Loan debt is not netted against it (what a user owes the platform does not
 * lower what the platform owes them in the proof); demo money and platform accounts are not users'.
 */
import { randomBytes } from 'node:crypto';
import {
  buildLevels,
  leafNode,
  type PolCurrency,
  treeDepth,
  userCommitment,
} from '@openbourse/contracts/liabilities-tree.ts';
import { fromLedger, LEDGER_SCALE, pow10 } from '@openbourse/money';
import type { Executor } from '../../db/client.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { liabilitiesRepository as repo, type SnapshotRow } from './liabilities.repository.ts';

/** A ledger balance (numeric(38,18) text) in the currency's minor units; exact by the ledger's invariant 6. */
export function ledgerToUnits(value: string, scale: number): bigint {
  const atLedger = fromLedger(value);
  const factor = pow10(LEDGER_SCALE - scale);
  if (atLedger % factor !== 0n) throw new Error(`liabilities: ${value} has more decimals than scale ${scale}`);
  return atLedger / factor;
}

export interface SnapshotDeps {
  ledger: Pick<LedgerService, 'listCurrencies' | 'usersMoney' | 'restOfBook'>;
  /** 32 random bytes as hex: one per user per snapshot (injectable for tests). */
  nonce?: () => string;
}

export interface TakenSnapshot {
  snapshot: SnapshotRow;
  /** Per currency: users' total + the rest of the real book, read in the same snapshot (zero by double entry). */
  bookCheck: { currency: string; users: bigint; others: bigint }[];
}

export async function takeSnapshot(
  tx: Executor,
  day: string,
  takenAt: Date,
  deps: SnapshotDeps,
): Promise<TakenSnapshot> {
  const nonce = deps.nonce ?? (() => randomBytes(32).toString('hex'));
  const currencies: PolCurrency[] = (await deps.ledger.listCurrencies(tx))
    .map((c) => ({ code: c.code, scale: c.scale }))
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const position = new Map(currencies.map((c, i) => [c.code, i]));
  const [rows, others] = [await deps.ledger.usersMoney(tx, 'real'), await deps.ledger.restOfBook(tx, 'real')];

  const byUser = new Map<number, bigint[]>();
  const usersTotal = currencies.map(() => 0n);
  for (const r of rows) {
    const k = position.get(r.currency);
    if (k === undefined) continue;
    const units = ledgerToUnits(r.balance, (currencies[k] as PolCurrency).scale);
    if (units < 0n) throw new Error(`liabilities: user ${r.userId} has a negative ${r.currency} balance`);
    const line = byUser.get(r.userId) ?? currencies.map(() => 0n);
    byUser.set(r.userId, line);
    line[k] = (line[k] as bigint) + units;
    usersTotal[k] = (usersTotal[k] as bigint) + units;
  }
  // Double entry, in the same snapshot: what users hold is exactly what the rest of the book is short.
  const bookCheck = currencies.map((c, k) => {
    const other = others.find((o) => o.currency === c.code);
    return { currency: c.code, users: usersTotal[k] as bigint, others: other ? fromLedger(other.balance) : 0n };
  });
  for (const b of bookCheck) {
    const scale = currencies[position.get(b.currency) as number]?.scale as number;
    if (b.users * pow10(LEDGER_SCALE - scale) + b.others !== 0n)
      throw new Error(`liabilities: the real ${b.currency} book does not balance in the snapshot`);
  }

  // Leaves in the order of their commitments (random): a leaf's position tells nothing of whose it is.
  const leaves = [...byUser].map(([userId, balances]) => {
    const n = nonce();
    const commitment = userCommitment(day, userId, n);
    return { userId, nonce: n, balances, commitment, node: leafNode(commitment, balances) };
  });
  leaves.sort((a, b) => (a.commitment < b.commitment ? -1 : a.commitment > b.commitment ? 1 : 0));
  const levels = buildLevels(
    leaves.map((l) => l.node),
    currencies.length,
  );
  const root = levels[levels.length - 1]?.[0];
  if (!root) throw new Error('liabilities: a tree without a root');

  const snapshot = await repo.insertSnapshot(tx, {
    day,
    takenAt,
    rootHash: root.hash,
    currencies,
    totals: root.sums.map(String),
    leafCount: leaves.length,
    depth: treeDepth(leaves.length),
  });
  await repo.insertLeaves(
    tx,
    leaves.map((l, idx) => ({
      snapshotId: snapshot.id,
      userId: l.userId,
      idx,
      nonce: l.nonce,
      balances: l.balances.map(String),
    })),
  );
  await repo.insertNodes(
    tx,
    levels.flatMap((level, l) =>
      level.map((n, idx) => ({ snapshotId: snapshot.id, level: l, idx, hash: n.hash, sums: n.sums.map(String) })),
    ),
  );
  return { snapshot, bookCheck };
}
