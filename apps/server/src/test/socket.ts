import WebSocket from 'ws';

export type Frame = Record<string, unknown>;

/** The /message URL of an app listening on a loopback port. */
export function messageUrl(server: { address(): unknown }): string {
  const address = server.address() as { port?: number } | null;
  return `ws://127.0.0.1:${address?.port ?? 0}/message`;
}

/**
 * A test client of /message: collects the object frames it receives; `next` takes the first one
 * that matches (waiting for it), `auth` signs the socket in (or out with null) and answers ok.
 */
export async function connectSocket(url: string) {
  const ws = new WebSocket(url);
  const frames: Frame[] = [];
  ws.on('message', (data) => {
    const text = data.toString();
    if (text.startsWith('{')) frames.push(JSON.parse(text) as Frame);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = async (pred: (f: Frame) => boolean, timeoutMs = 5000): Promise<Frame> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const i = frames.findIndex(pred);
      if (i >= 0) return frames.splice(i, 1)[0]!;
      if (Date.now() > until) throw new Error(`no matching frame; got ${JSON.stringify(frames)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  const auth = async (token: string | null) => {
    ws.send(JSON.stringify({ op: 'auth', token }));
    if (token !== null) return (await next((f) => f.ch === 'auth')).ok;
    return undefined;
  };
  return { ws, frames, next, auth };
}
