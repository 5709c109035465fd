/**
 * The admin API (`/swx/admin/*`): requests and results shared by the server and the console.
 * Same envelope and error catalogue as the customer API.
 */
import { z } from 'zod';
import { Email, Password } from './auth.ts';

export const AdminRole = z.enum(['owner', 'reviewer', 'support', 'editor']);
export type AdminRole = z.infer<typeof AdminRole>;

/** Every permission a route can require (which roles have each: the server's admin.roles.ts). */
export const AdminPermission = z.enum([
  'dashboard.read',
  'users.read',
  'users.manage',
  'reviews.decide',
  'instruments.edit',
  'params.edit',
  'content.edit',
  'nfts.edit',
  'support.reply',
  'admins.manage',
  'audit.read',
  'reserves.edit',
  'signin.edit',
]);
export type AdminPermission = z.infer<typeof AdminPermission>;

export const Admin = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: AdminRole,
  status: z.enum(['active', 'disabled']),
  totpRequired: z.boolean().describe('Owners always; the others as their account says'),
  totpEnabled: z.boolean(),
  createdAt: z.string(),
});
export type Admin = z.infer<typeof Admin>;

const TotpCode = z.string().regex(/^\d{6}$/, { error: 'E40022' });

export const AdminSignInRequest = z.object({
  email: z.string().min(1, { error: 'E10002' }).max(254, { error: 'E10002' }),
  password: z.string().min(1, { error: 'E10004' }).max(128, { error: 'E10004' }),
  totp: TotpCode.optional().describe('The authenticator code, when the account has TOTP'),
});

export const AdminSignInResult = z.object({
  token: z.string().describe('Send as the Authorization header of admin calls'),
  scope: z.enum(['full', 'enrol']).describe('enrol: only /auth/me and /auth/totp/* until TOTP is set up'),
  expiresAt: z.string(),
  admin: Admin,
});

export const TotpEnrolResult = z.object({
  secret: z.string().describe('Base32, for typing into an app that cannot scan'),
  uri: z.string().describe('otpauth:// URI'),
  qr: z.string().describe('The URI as a PNG QR code (data: URL)'),
});

export const TotpConfirmRequest = z.object({ code: TotpCode });

export const CreateAdminRequest = z.object({
  email: Email,
  name: z.string().trim().min(1).max(80),
  password: Password,
  role: AdminRole,
  totpRequired: z.boolean().optional(),
});

export const UpdateAdminRequest = z
  .object({
    name: z.string().trim().min(1).max(80),
    role: AdminRole,
    status: z.enum(['active', 'disabled']),
    totpRequired: z.boolean(),
    resetTotp: z.literal(true),
  })
  .partial();

export const AdminIdParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

export const AuditQuery = z.object({
  adminId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  action: z.string().max(80).optional(),
  targetType: z.string().max(40).optional(),
  targetId: z.string().max(80).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  beforeId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const AuditEntry = z.object({
  id: z.number().int(),
  adminId: z.number().int().nullable(),
  role: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  at: z.string(),
});

export const AuditPage = z.object({
  items: z.array(AuditEntry),
  /** Pass as beforeId for the next page; null at the end. */
  next: z.number().int().nullable(),
});

export const PermissionsResult = z.object({
  role: AdminRole,
  /** Every permission and the roles that have it (the one table in the server). */
  matrix: z.record(z.string(), z.array(AdminRole)),
  mine: z.array(AdminPermission),
});

export const AdminMe = z.object({
  admin: Admin,
  scope: z.enum(['full', 'enrol']),
  permissions: PermissionsResult,
});
export type AdminMe = z.infer<typeof AdminMe>;

export const ExposureRow = z.object({
  instrumentId: z.number().int(),
  code: z.string(),
  side: z.enum(['buy', 'sell']),
  positions: z.number().int(),
  lots: z.string(),
  margin: z.string().describe('USDT held as margin'),
  notional: z.string().describe('USDT notional at entry'),
});

export const DashboardResult = z.object({
  at: z.string(),
  users: z.object({
    total: z.number().int(),
    signUpsToday: z.number().int(),
    signUps7d: z.number().int(),
    active24h: z.number().int().describe('Signed in within 24 hours'),
  }),
  /** The real book; the demo book separately (practice money, not the platform's risk). */
  exposure: z.object({ real: z.array(ExposureRow), demo: z.array(ExposureRow) }),
  today: z.object({
    real: z.object({ fills: z.number().int(), volume: z.string(), fees: z.string() }),
    demo: z.object({ fills: z.number().int(), volume: z.string(), fees: z.string() }),
  }),
  trialBalance: z.object({
    ok: z.boolean().describe('Every balance agrees with the journal and every total is zero'),
    totals: z.array(
      z.object({ mode: z.string(), currency: z.string(), total: z.string(), accounts: z.number().int() }),
    ),
    problems: z.number().int(),
  }),
});

export const AdminUserRow = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable().describe('+<area> <number>'),
  status: z.enum(['active', 'disabled']),
  kycStatus: z.string(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});

export const AdminUsersSort = z.enum(['id', 'username', 'email', 'createdAt', 'lastLoginAt']);
export type AdminUsersSort = z.infer<typeof AdminUsersSort>;

export const AdminUsersQuery = z.object({
  q: z.string().max(100).optional().describe('An id, or part of a name, email or phone'),
  status: z.enum(['active', 'disabled']).optional(),
  sort: AdminUsersSort.default('id'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(25),
});

export const AdminUsersPage = z.object({ items: z.array(AdminUserRow), total: z.number().int() });

const BalanceLine = z.object({
  currency: z.string(),
  available: z.string(),
  locked: z.string(),
  total: z.string(),
});

export const AdminUserDetail = z.object({
  user: AdminUserRow.extend({ hasWithdrawalPassword: z.boolean(), inviteCode: z.string() }),
  balances: z.object({ real: z.array(BalanceLine), demo: z.array(BalanceLine) }),
  sessions: z.array(
    z.object({
      id: z.number().int(),
      createdAt: z.string(),
      expiresAt: z.string(),
      revokedAt: z.string().nullable(),
      live: z.boolean(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
});

export const AdminUserIdParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

export const AdminModeQuery = z.object({
  mode: z.enum(['real', 'demo']).default('real'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(25),
});

export const AdminStatementPage = z.object({
  total: z.number().int(),
  entries: z.array(
    z.object({
      id: z.number().int(),
      time: z.string(),
      code: z.string().describe('Why the money moved (a hold’s transfer carries the hold’s code)'),
      currency: z.string(),
      amount: z.string().describe('The signed change of the user’s total (available + locked) by this movement'),
      available: z
        .string()
        .describe('The signed change of the available balance by this movement (not the balance after it)'),
      locked: z
        .string()
        .describe('The signed change of the locked balance by this movement (not the balance after it)'),
      refType: z.string().nullable(),
      refId: z.string().nullable(),
    }),
  ),
});

export const AdminUserStatusRequest = z.object({
  status: z.enum(['active', 'disabled']),
  reason: z.string().trim().min(3).max(300).describe('Why: kept in the audit log'),
});

export const AdminReasonRequest = z.object({ reason: z.string().trim().min(3).max(300) });

export const AdminParam = z.object({
  key: z.string(),
  value: z.string(),
  description: z.string(),
  type: z.enum(['boolean', 'decimal', 'fraction', 'integer', 'link', 'email', 'currency', 'text']),
  isPublic: z.boolean(),
  updatedAt: z.string(),
});

export const AdminParamKeyParams = z.object({ key: z.string().regex(/^[A-Za-z0-9_]{1,60}$/) });

export const AdminParamUpdateRequest = z.object({ value: z.string().max(500) });

export const SessionTemplate = z.enum(['always', 'forex', 'futures', 'usEquity']);

export const AdminInstrument = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  type: z.number().int(),
  assetClass: z.string(),
  enabled: z.boolean(),
  session: z.string().describe('The session template'),
  sessionLabel: z.string(),
  maxLeverage: z.number().int(),
  lotStep: z.string(),
  minLots: z.string(),
  maxLots: z.string(),
  spreadRate: z.string(),
  feeRate: z.string(),
  tickSize: z.string(),
  stopsLevel: z.number().int().describe('Ticks a stop loss or take profit keeps at least from the closing price'),
});

export const AdminInstrumentEdit = z
  .object({
    enabled: z.boolean(),
    session: SessionTemplate,
    maxLeverage: z.number().int().min(1).max(1000),
    minLots: z.string().max(30),
    maxLots: z.string().max(30),
    spreadRate: z.string().max(30).describe('Fraction of the price, 0 to 0.05'),
    feeRate: z.string().max(30).describe('Fraction of the notional, 0 to 0.01'),
    stopsLevel: z
      .number()
      .int()
      .min(0)
      .max(100_000)
      .describe('Ticks a stop loss or take profit keeps at least from the closing price (0: one tick)'),
  })
  .partial();

const ContentText = z.object({
  title: z.string().trim().min(1).max(200),
  summary: z.string().max(500).default(''),
  body: z.string().max(50_000),
});

const LanguageKey = z.enum(['en', 'ja', 'ko', 'th', 'de', 'fr', 'it', 'es', 'ar', 'hk', 'zh']);

export const AdminContentItem = z.object({
  id: z.number().int(),
  slug: z.string(),
  type: z.number().int().describe('1 company, 2 policy, 3 other (footer), 4 help FAQ, 5 notice'),
  sort: z.number().int(),
  updatedAt: z.string(),
  /** A notice pinned to the home page: when (null when not). */
  pinnedAt: z.string().nullable().optional(),
  translations: z.partialRecord(LanguageKey, ContentText),
});

export const AdminContentUpdate = z.object({
  sort: z.number().int().min(0).max(10_000).optional(),
  translations: z.partialRecord(LanguageKey, ContentText).default({}),
});

export const AdminContentCreate = z.object({
  slug: z.string().regex(/^[a-z0-9][a-z0-9-]{1,60}$/),
  type: z.number().int().min(1).max(5),
  sort: z.number().int().min(0).max(10_000).default(0),
  translations: z.partialRecord(LanguageKey, ContentText).refine((t) => t.en !== undefined, {
    error: 'E40001',
    path: ['en'],
  }),
});
