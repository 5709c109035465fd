/**
 * The agents' live connection: WebSocket `/swx/admin/support/socket`, signed in with the admin
 * session's token; pushes go to the listeners; it reconnects with backoff. While it is down the
 * inbox polls (see `useSupportLive`'s `connected`).
 */
import { useEffect, useState } from 'react';
import { sessionStore } from '@/shared/session';

export type AgentPush = Record<string, unknown> & { ch: 'support'; type: string };
type Listener = (push: AgentPush) => void;

const listeners = new Set<Listener>();
const connectedListeners = new Set<(connected: boolean) => void>();
let socket: WebSocket | null = null;
let holders = 0;
let connected = false;
let attempt = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
let heartbeat: ReturnType<typeof setInterval> | null = null;

function setConnected(next: boolean) {
  connected = next;
  for (const l of connectedListeners) l(next);
}

export function socketUrl(loc: Location = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}/swx/admin/support/socket`;
}

function open() {
  timer = null;
  if (holders === 0 || typeof WebSocket === 'undefined') return;
  const token = sessionStore.get()?.token;
  if (!token) return;
  let ws: WebSocket;
  try {
    ws = new WebSocket(socketUrl());
  } catch {
    return reconnect();
  }
  socket = ws;
  ws.onopen = () => ws.send(JSON.stringify({ op: 'auth', token }));
  ws.onmessage = (event) => {
    if (typeof event.data !== 'string' || event.data === 'pong') return;
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch {
      return;
    }
    if (!data || typeof data !== 'object') return;
    const push = data as Record<string, unknown>;
    if (push.ch === 'auth') {
      if (push.ok === true) {
        attempt = 0;
        setConnected(true);
      } else ws.close();
      return;
    }
    if (push.ch !== 'support' || typeof push.type !== 'string') return;
    for (const l of listeners) {
      try {
        l(push as AgentPush);
      } catch {
        // One listener failing does not stop the others.
      }
    }
  };
  ws.onclose = () => {
    if (socket === ws) socket = null;
    setConnected(false);
    reconnect();
  };
  heartbeat ??= setInterval(() => {
    if (socket?.readyState === 1) socket.send('ping');
  }, 30_000);
}

function reconnect() {
  if (holders === 0 || timer !== null) return;
  const delay = Math.min(30_000, 1_000 * 2 ** attempt);
  attempt += 1;
  timer = setTimeout(open, delay / 2 + (Math.random() * delay) / 2);
}

function hold(): () => void {
  holders += 1;
  if (holders === 1) open();
  return () => {
    holders -= 1;
    if (holders > 0) return;
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (heartbeat !== null) clearInterval(heartbeat);
    heartbeat = null;
    const ws = socket;
    socket = null;
    ws?.close();
    setConnected(false);
  };
}

/** Follows the agents' pushes while mounted; answers whether the socket is up (else poll). */
export function useSupportLive(listener: Listener): boolean {
  const [isConnected, setIsConnected] = useState(connected);
  useEffect(() => {
    listeners.add(listener);
    connectedListeners.add(setIsConnected);
    const release = hold();
    return () => {
      listeners.delete(listener);
      connectedListeners.delete(setIsConnected);
      release();
    };
  }, [listener]);
  return isConnected;
}

/** For tests: hands a push to the listeners as the socket would. */
export function dispatchAgentPush(push: AgentPush): void {
  for (const l of listeners) l(push);
}
