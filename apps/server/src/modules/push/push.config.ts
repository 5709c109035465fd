/** Web push settings, from the environment (PUSH_*, VAPID_*) with a test's over them. */
export interface PushOptions {
  /** Both or neither: the VAPID key pair (base64url). Unset: one pair generated once and kept in the database. */
  vapidPublicKey: string | undefined;
  vapidPrivateKey: string | undefined;
  /** The contact push services may reach the operator at: mailto: or https:. */
  vapidSubject: string;
  /**
   * Extra hosts (host or host:port) a subscription's endpoint may name, beyond the browsers' own
   * push services; plain http is allowed for these only (a self-hosted push service, tests).
   */
  extraHosts: readonly string[];
  /** How long one push request may take before it is abandoned and retried. */
  timeoutMs: number;
  /** How long the push service keeps a push for an offline device. */
  ttlSeconds: number;
  pollMs: number;
  batch: number;
  claimMs: number;
  /** Waits before each retry; after the last the delivery is failed. Pushes are timely or useless. */
  backoffMs: readonly number[];
  /** Most subscriptions (browsers, devices) one user keeps; the oldest go first. */
  maxPerUser: number;
}

export const DEFAULT_PUSH: PushOptions = {
  vapidPublicKey: undefined,
  vapidPrivateKey: undefined,
  vapidSubject: 'mailto:no-reply@openbourse.local',
  extraHosts: [],
  timeoutMs: 10_000,
  ttlSeconds: 24 * 3600,
  pollMs: 1_000,
  batch: 50,
  claimMs: 60_000,
  backoffMs: [15_000, 60_000, 5 * 60_000],
  maxPerUser: 10,
};

export function pushOptionsFromEnv(env: NodeJS.ProcessEnv): Partial<PushOptions> {
  const out: Partial<PushOptions> = {};
  const pub = env.VAPID_PUBLIC_KEY?.trim();
  const priv = env.VAPID_PRIVATE_KEY?.trim();
  if (pub && priv) {
    out.vapidPublicKey = pub;
    out.vapidPrivateKey = priv;
  } else if (pub || priv) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are both or neither');
  }
  if (env.VAPID_SUBJECT?.trim()) out.vapidSubject = env.VAPID_SUBJECT.trim();
  if (env.PUSH_ENDPOINT_HOSTS?.trim()) {
    out.extraHosts = env.PUSH_ENDPOINT_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean);
  }
  const timeout = Number(env.PUSH_TIMEOUT_MS);
  if (Number.isInteger(timeout) && timeout > 0) out.timeoutMs = timeout;
  return out;
}
