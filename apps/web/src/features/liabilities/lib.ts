import type { LiabilitiesProof } from '@openbourse/contracts/liabilities-tree.ts';
import { formatDecimal } from '@openbourse/money';

/** The proof's balances as decimal strings at each currency's scale (non-zero ones). */
export function proofBalances(proof: LiabilitiesProof): { currency: string; amount: string }[] {
  return proof.snapshot.currencies
    .map((c, k) => ({ currency: c.code, units: proof.leaf.balances[k] ?? '0', scale: c.scale }))
    .filter((b) => b.units !== '0')
    .map((b) => ({ currency: b.currency, amount: formatDecimal(BigInt(b.units), b.scale) }));
}

export const proofFileName = (proof: LiabilitiesProof) => `liabilities-proof-${proof.snapshot.day}.json`;

/** Saves the proof as a JSON file (what scripts/verify-liabilities-proof.mjs reads). */
export function downloadProof(proof: LiabilitiesProof): void {
  const blob = new Blob([`${JSON.stringify(proof, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = proofFileName(proof);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const VERIFY_COMMAND = (day: string, root: string) =>
  `node scripts/verify-liabilities-proof.mjs liabilities-proof-${day}.json ${root}`;
