// Receiving side of the fan-out benchmark, run as a child process (its own core): raw TCP
// connections that perform the WebSocket opening handshake by hand (no extensions offered), then
// only count bytes and frames. Frame headers are parsed minimally (2–10 bytes each); payloads are
// skipped, not copied — every socket reads into one shared buffer (net `onread`), so a received
// message costs a read and a few byte compares.
//
// Driven over IPC by fanout.bench.ts:
//   → { type: 'connect', group, port, path, clients, frameBytes }   ← { type: 'connected', group }
//   ← { type: 'done', group, batches }   (whenever the number of batches every client holds grows)
//   → { type: 'cpu', tag }                                           ← { type: 'cpu', tag, usage }
//   → { type: 'stats', group }                                       ← { type: 'stats', group, ... }
//   → { type: 'close' }                                              ← { type: 'closed' }
import crypto from 'node:crypto';
import net from 'node:net';

const WS_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const RING = 1 << 14; // > any sender window: counts of batches in flight per group
const CONNECT_CONCURRENCY = 100;

interface Conn {
  socket: net.Socket;
  upgraded: boolean;
  http: string;
  /** Payload bytes of the current frame still to skip. */
  need: number;
  hdr: Uint8Array;
  hlen: number;
  hwant: number;
  /** Payload length of the current frame. */
  plen: number;
  count: number;
  /** Capture of the first message's payload (one connection per group), to check the bytes. */
  capture: Buffer[] | null;
}

interface Group {
  name: string;
  conns: Conn[];
  clients: number;
  frameBytes: number;
  atLeast: Int32Array;
  minDone: number;
  reported: number;
  flushQueued: boolean;
  bytes: number;
  frames: number;
  badLength: number;
  otherFrames: number;
  firstPayload: string | null;
}

const groups = new Map<string, Group>();
const shared = Buffer.allocUnsafe(256 * 1024);
const send = (m: unknown) => process.send?.(m);

function fail(message: string): never {
  send({ type: 'error', message });
  process.exit(1);
}

function flush(g: Group) {
  g.flushQueued = false;
  if (g.minDone !== g.reported) {
    g.reported = g.minDone;
    send({ type: 'done', group: g.name, batches: g.minDone });
  }
}

function messageDone(g: Group, c: Conn, payloadLen: number) {
  g.frames++;
  if (payloadLen !== g.frameBytes) g.badLength++;
  const n = ++c.count;
  const slot = n & (RING - 1);
  const reached = g.atLeast[slot]! + 1;
  g.atLeast[slot] = reached;
  if (reached === g.clients && n === g.minDone + 1) {
    // Every client now holds batch n (and maybe later ones already complete): advance.
    do {
      g.atLeast[g.minDone & (RING - 1)] = 0; // slot of the previous round, long complete
      g.minDone++;
    } while (g.atLeast[(g.minDone + 1) & (RING - 1)] === g.clients);
    if (!g.flushQueued) {
      g.flushQueued = true;
      setImmediate(flush, g);
    }
  }
}

function feed(g: Group, c: Conn, buf: Buffer, start: number, end: number) {
  let i = start;
  while (i < end) {
    if (c.need > 0) {
      const take = Math.min(c.need, end - i);
      if (c.capture) c.capture.push(Buffer.from(buf.subarray(i, i + take)));
      c.need -= take;
      i += take;
      if (c.need === 0) frameEnd(g, c);
      continue;
    }
    c.hdr[c.hlen++] = buf[i++]!;
    if (c.hlen === 2) {
      const len7 = c.hdr[1]! & 0x7f;
      c.hwant = 2 + (len7 === 126 ? 2 : len7 === 127 ? 8 : 0) + (c.hdr[1]! & 0x80 ? 4 : 0);
    }
    if (c.hlen >= 2 && c.hlen === c.hwant) {
      const len7 = c.hdr[1]! & 0x7f;
      let len = len7;
      if (len7 === 126) len = (c.hdr[2]! << 8) | c.hdr[3]!;
      else if (len7 === 127) len = Buffer.from(c.hdr.subarray(2, 10)).readUIntBE(2, 6);
      c.hlen = 0;
      c.need = len;
      c.plen = len;
      if (len === 0) frameEnd(g, c);
    }
  }
  g.bytes += end - start;
}

function frameEnd(g: Group, c: Conn) {
  const b0 = c.hdr[0]!;
  const opcode = b0 & 0x0f;
  const len = c.plen;
  if (opcode >= 8 || !(b0 & 0x80)) {
    g.otherFrames++; // control frame or fragment: not one of the broadcast messages
    return;
  }
  if (c.capture) {
    g.firstPayload = Buffer.concat(c.capture).toString('utf8');
    c.capture = null;
  }
  messageDone(g, c, len);
}

function openOne(g: Group, port: number, path: string, capture: boolean): Promise<Conn> {
  return new Promise((resolve, reject) => {
    const key = crypto.randomBytes(16).toString('base64');
    const accept = crypto
      .createHash('sha1')
      .update(key + WS_GUID)
      .digest('base64');
    let conn: Conn;
    const socket = net.connect({
      host: '127.0.0.1',
      port,
      noDelay: true,
      onread: {
        buffer: shared,
        callback(nread: number, buf: Uint8Array) {
          const b = buf as Buffer;
          if (conn.upgraded) {
            feed(g, conn, b, 0, nread);
            return true;
          }
          conn.http += b.toString('latin1', 0, nread);
          const end = conn.http.indexOf('\r\n\r\n');
          if (end < 0) return true;
          const head = conn.http.slice(0, end);
          if (!head.startsWith('HTTP/1.1 101') || !head.toLowerCase().includes(accept.toLowerCase())) {
            reject(new Error(`upgrade refused: ${head.split('\r\n')[0]}`));
            socket.destroy();
            return false;
          }
          conn.upgraded = true;
          const rest = Buffer.from(conn.http.slice(end + 4), 'latin1');
          conn.http = '';
          if (rest.length) feed(g, conn, rest, 0, rest.length);
          resolve(conn);
          return true;
        },
      },
    });
    conn = {
      socket,
      upgraded: false,
      http: '',
      need: 0,
      hdr: new Uint8Array(14),
      hlen: 0,
      hwant: 0,
      plen: 0,
      count: 0,
      capture: capture ? [] : null,
    };
    socket.once('connect', () => {
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    socket.on('error', (err) => {
      if (!conn.upgraded) reject(err);
      else if (!closing) fail(`sink socket error (${g.name}): ${err.message}`);
    });
    socket.on('close', () => {
      if (conn.upgraded && !closing) fail(`sink socket closed by the server (${g.name})`);
    });
  });
}

let closing = false;

async function connect(name: string, port: number, path: string, clients: number, frameBytes: number) {
  const g: Group = {
    name,
    conns: [],
    clients,
    frameBytes,
    atLeast: new Int32Array(RING),
    minDone: 0,
    reported: 0,
    flushQueued: false,
    bytes: 0,
    frames: 0,
    badLength: 0,
    otherFrames: 0,
    firstPayload: null,
  };
  groups.set(name, g);
  let next = 0;
  const worker = async () => {
    while (next < clients) {
      const i = next++;
      g.conns.push(await openOne(g, port, path, i === 0));
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONNECT_CONCURRENCY, clients) }, worker));
  send({ type: 'connected', group: name });
}

process.on('message', (m: { type: string; [k: string]: unknown }) => {
  if (m.type === 'connect') {
    connect(m.group as string, m.port as number, m.path as string, m.clients as number, m.frameBytes as number).catch(
      (err: Error) => fail(`connect ${String(m.group)}: ${err.message}`),
    );
  } else if (m.type === 'cpu') {
    send({ type: 'cpu', tag: m.tag, usage: process.cpuUsage() });
  } else if (m.type === 'stats') {
    const g = groups.get(m.group as string);
    if (!g) return fail(`no group ${String(m.group)}`);
    const counts = g.conns.map((c) => c.count);
    send({
      type: 'stats',
      group: g.name,
      bytes: g.bytes,
      frames: g.frames,
      badLength: g.badLength,
      otherFrames: g.otherFrames,
      minCount: Math.min(...counts),
      maxCount: Math.max(...counts),
      firstPayload: g.firstPayload,
    });
  } else if (m.type === 'close') {
    closing = true;
    for (const g of groups.values()) for (const c of g.conns) c.socket.destroy();
    send({ type: 'closed' });
  }
});
// The parent going away (crash, Ctrl-C) ends the sinks too.
process.on('disconnect', () => process.exit(0));
