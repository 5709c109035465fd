import { z } from 'zod';

/**
 * Proof of liabilities (modules/liabilities): once a UTC day the platform reads every user's
 * real-account balances (available + locked, per currency) at one consistent point, builds a Merkle
 * sum tree over them (liabilities-tree.ts) and publishes its root, totals and leaf count. A signed-in
 * user downloads their inclusion proof and verifies it (in the page or with
 * scripts/verify-liabilities-proof.mjs). Amounts on the tree are minor units (strings of digits);
 * `amount` fields are the same as decimal strings at the currency's scale.
 */

const Units = z.string().regex(/^\d+$/).describe('Minor units of the currency (an integer, as a string)');

export const PolCurrency = z.object({ code: z.string(), scale: z.number().int() });

export const LiabilitiesTotal = z.object({
  currency: z.string(),
  scale: z.number().int(),
  units: Units,
  amount: z.string().describe('The same total as a decimal string at the currency’s scale'),
});
export type LiabilitiesTotal = z.infer<typeof LiabilitiesTotal>;

/** One published root. */
export const LiabilitiesRoot = z.object({
  day: z.string().describe('The UTC day (YYYY-MM-DD) the snapshot is for'),
  takenAt: z.string().describe('ISO time the ledger was read'),
  rootHash: z.string().describe('SHA-256 of the root node, hex'),
  leafCount: z.number().int(),
  depth: z.number().int(),
  totals: z.array(LiabilitiesTotal).describe('The root’s sums per currency, in the tree’s currency order'),
});
export type LiabilitiesRoot = z.infer<typeof LiabilitiesRoot>;

export const LiabilitiesHistoryQuery = z.object({
  size: z.coerce
    .number({ error: 'E40001' })
    .int({ error: 'E40001' })
    .min(1, { error: 'E40001' })
    .max(100, { error: 'E40001' })
    .default(30),
});
export const LiabilitiesHistory = z.object({ list: z.array(LiabilitiesRoot) });

export const PathStep = z.object({
  side: z.enum(['left', 'right']),
  hash: z.string(),
  sums: z.array(Units),
});

/** The proof file (what the user downloads; LiabilitiesProof in liabilities-tree.ts). */
export const LiabilitiesProofFile = z.object({
  version: z.number().int(),
  snapshot: z.object({
    day: z.string(),
    takenAt: z.string(),
    leafCount: z.number().int(),
    currencies: z.array(PolCurrency),
    root: z.object({ hash: z.string(), sums: z.array(Units) }),
  }),
  leaf: z.object({
    userId: z.number().int(),
    nonce: z
      .string()
      .describe('Drawn for this user and this snapshot only: with the user id it makes the leaf’s commitment'),
    index: z.number().int(),
    balances: z.array(Units),
  }),
  path: z.array(PathStep).describe('The siblings from the leaf up to the root, with their sums'),
});

export const LiabilitiesProofQuery = z.object({
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'E40001' })
    .optional()
    .describe('A published day (default: the latest)'),
});

// ---- Back office: recorded reserves and the coverage of liabilities ----

export const Reserve = z.object({
  id: z.number().int(),
  currency: z.string(),
  amount: z.string(),
  holder: z.string().describe('A wallet address or the custodian'),
  attestedOn: z.string().describe('YYYY-MM-DD'),
  note: z.string(),
  updatedAt: z.string(),
});
export type Reserve = z.infer<typeof Reserve>;

export const ReserveInput = z.object({
  currency: z.string().trim().min(1, { error: 'E40001' }).max(16, { error: 'E40001' }),
  amount: z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, { error: 'E40001' }),
  holder: z.string().trim().min(1, { error: 'E40001' }).max(200, { error: 'E40001' }),
  attestedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'E40001' }),
  note: z.string().trim().max(500, { error: 'E40001' }).default(''),
});
export type ReserveInput = z.input<typeof ReserveInput>;

export const ReservesResult = z.object({ list: z.array(Reserve) });

export const CoverageLine = z.object({
  currency: z.string(),
  liabilities: z.string().describe('The latest snapshot’s total (0 when none)'),
  reserves: z.string().describe('The sum of the recorded reserves'),
  coverage: z
    .string()
    .nullable()
    .describe(
      'reserves / liabilities, exact to 4 decimals rounded down ("1.0250" = 102.50 %); null when nothing is owed',
    ),
  under: z.boolean().describe('Reserves below liabilities'),
  attestedOn: z.string().nullable().describe('The oldest attestation among the currency’s reserves'),
});
export type CoverageLine = z.infer<typeof CoverageLine>;

export const CoverageResult = z.object({
  snapshot: LiabilitiesRoot.omit({ totals: true }).nullable(),
  lines: z.array(CoverageLine),
});
export type CoverageResult = z.infer<typeof CoverageResult>;
