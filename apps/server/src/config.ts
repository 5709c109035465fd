import path from 'node:path';
import { z } from 'zod';
import { parseRoles } from './modules/cluster/cluster.roles.ts';

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /**
   * How the other server processes reach this one (e.g. http://10.0.0.5:8080): commands for the spot
   * books go to the process that owns them. Default: http://127.0.0.1:<PORT> (processes on one machine).
   */
  INTERNAL_URL: z.string().url().optional(),
  /**
   * The address users open the web app at (e.g. https://trade.example.com), no path: the domain a
   * wallet sign-in message must name, the base of links to the site. Default http://localhost:<PORT>.
   */
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Tests only: a file holding milliseconds the server's clock runs ahead by (lib/clock.ts offsetFileClock). */
  CLOCK_OFFSET_FILE: z.string().optional(),
  DATABASE_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  /**
   * redis://… to carry events (order pushes, notifications) between several server processes;
   * without it the bus is in process (one process).
   */
  REDIS_URL: z.string().url().optional(),
  /** Names this installation's channels and keys in Redis (several installations may share one). */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,60}$/)
    .default('openbourse'),
  /**
   * What this process does: any of api, feed, engine, jobs (comma-separated; default all). The
   * feed and the engine have one owner at a time among the processes that may take them.
   */
  ROLES: z
    .string()
    .optional()
    .transform((v, ctx) => {
      try {
        return parseRoles(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return [];
      }
    }),
  MAIL_FROM: z.string().default('OpenBourse <no-reply@localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** The built back office console (apps/admin/dist by default), served at /admin/. */
  ADMIN_DIST: z.string().optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24 * 7),
  /**
   * Which proxies may tell the client's address (X-Forwarded-For) and protocol: unset = none (the
   * socket's address is the client's), a number = that many hops of proxies in front, or a list
   * of addresses / CIDR ranges. Never "true": trusting any sender lets every client pick its own
   * address and reset every per-client limit.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => parseTrustProxy(v, ctx)),
  /** The first owner of the back office, created on a start that finds no admin (or use the CLI). */
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(10).max(128).optional(),
  ADMIN_SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(8),
  /**
   * The master key of the secrets kept at rest (API key secrets, TOTP secrets, sign-in providers'
   * client secrets; lib/secret-box.ts derives a subkey per purpose): any string, best 32 random bytes
   * (`openssl rand -base64 32`). Unset: a random key kept in DATA_DIR/secrets.key, made on the first
   * start. Every process of an installation must share it (set it when they do not share DATA_DIR).
   */
  SECRETS_KEY: z.string().optional(),
  /**
   * Deprecated (SECRETS_KEY replaces them): the keys API key secrets and TOTP secrets were sealed with
   * before the secret box, read only to open those older values (lib/secret-box.legacy.ts). Either set
   * without SECRETS_KEY refuses the start.
   */
  API_KEYS_ENCRYPTION_KEY: z.string().optional(),
  TWOFACTOR_KEY: z.string().optional(),
  SEED_DEMO_USER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Uploaded files go to this S3-compatible store when all five are set; otherwise to DATA_DIR/files. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** The bucket in the URL's path (MinIO, Ceph, Garage, s3rver need it); `false` for virtual-hosted style. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Half an S3 configuration would silently keep files on the local disk: it is refused instead. */
const CheckedConfigSchema = ConfigSchema.superRefine((env, ctx) => {
  const missing = S3_VARIABLES.filter((k) => env[k] === undefined);
  if (missing.length > 0 && missing.length < S3_VARIABLES.length) {
    ctx.addIssue({
      code: 'custom',
      path: [missing[0]!],
      message: `S3_* are all or none: ${missing.join(', ')} missing`,
    });
  }
});

/** Fastify's trustProxy: false, a hop count, or a comma-separated list of addresses and CIDR ranges. */
export type TrustProxy = false | number | string;

const ADDRESS_OR_CIDR = /^(?:[\d.]+|[\da-f:.]+)(?:\/\d{1,3})?$|^(?:loopback|linklocal|uniquelocal)$/i;

function parseTrustProxy(value: string | undefined, ctx: z.RefinementCtx): TrustProxy {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v);
  const parts = v.split(',').map((p) => p.trim());
  if (parts.every((p) => ADDRESS_OR_CIDR.test(p))) return parts.join(',');
  ctx.addIssue({
    code: 'custom',
    message: 'a hop count (e.g. 1) or proxy addresses / CIDR ranges (e.g. 10.0.0.0/8,127.0.0.1); "true" is refused',
  });
  return false;
}

export type Config = z.infer<typeof ConfigSchema> & { dataDir: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set" (e.g. DATABASE_URL= to force the embedded database).
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = CheckedConfigSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // A relative DATA_DIR is relative to where the user ran the command: `npm start` at the root runs
  // this workspace with its own directory as cwd, and npm passes the original one as INIT_CWD.
  const base = typeof env.INIT_CWD === 'string' && env.INIT_CWD !== '' ? env.INIT_CWD : process.cwd();
  return { ...parsed.data, dataDir: path.resolve(base, parsed.data.DATA_DIR) };
}
