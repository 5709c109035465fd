import { describe, expect, it } from 'vitest';
import {
  COUNTER_FROM,
  type ChatMessage,
  canSend,
  charactersLeft,
  lastTheirsId,
  MESSAGE_MAX,
  markReadUpTo,
  mergeMessages,
  newClientId,
  newDay,
} from './chat';

const msg = (over: Partial<ChatMessage>): ChatMessage => ({
  key: `s${over.id ?? 0}`,
  id: 1,
  mine: true,
  text: 'hi',
  imageUrl: null,
  createdAt: 1_000,
  author: null,
  status: 'sent',
  ...over,
});

describe('mergeMessages', () => {
  it('orders sent ones by id, those being sent after them, and keeps each key once (the later copy)', () => {
    const a = msg({ id: 2, key: 's2' });
    const b = msg({ id: 1, key: 's1' });
    const pending = msg({ id: null, key: 'c1', createdAt: 5 });
    const pushed = msg({ id: 2, key: 's2', status: 'read' });
    const merged = mergeMessages([a, b], [pending, pushed]);
    expect(merged.map((m) => m.key)).toEqual(['s1', 's2', 'c1']);
    expect(merged[1]?.status).toBe('read');
  });
});

describe('markReadUpTo', () => {
  it('marks the user’s sent messages up to the id read, not support’s or later ones', () => {
    const list = [
      msg({ id: 1, key: 's1' }),
      msg({ id: 2, key: 's2', mine: false }),
      msg({ id: 3, key: 's3' }),
      msg({ id: null, key: 'c1', status: 'sending' }),
    ];
    expect(markReadUpTo(list, 2).map((m) => m.status)).toEqual(['read', 'sent', 'sent', 'sending']);
  });
});

describe('lastTheirsId', () => {
  it('is support’s newest message, or null', () => {
    expect(lastTheirsId([msg({ id: 1, mine: false }), msg({ id: 2, mine: false }), msg({ id: 3 })])).toBe(2);
    expect(lastTheirsId([msg({ id: 3 })])).toBeNull();
  });
});

describe('the composer’s rules', () => {
  it('sends text or an image alone, never blanks or over the limit', () => {
    expect(canSend('hello', false)).toBe(true);
    expect(canSend('   \n ', false)).toBe(false);
    expect(canSend('', true)).toBe(true);
    expect(canSend('x'.repeat(MESSAGE_MAX), false)).toBe(true);
    expect(canSend('x'.repeat(MESSAGE_MAX + 1), false)).toBe(false);
  });
  it('shows the characters left only near the limit', () => {
    expect(charactersLeft('x'.repeat(COUNTER_FROM - 1))).toBeNull();
    expect(charactersLeft('x'.repeat(COUNTER_FROM))).toBe(MESSAGE_MAX - COUNTER_FROM);
  });
  it('gives every message being sent its own client id', () => {
    expect(newClientId(1, () => 0.5)).not.toBe(newClientId(1, () => 0.5));
  });
  it('puts a day line before the first message and between days', () => {
    const day = Date.UTC(2026, 0, 1, 12);
    expect(newDay(undefined, msg({ createdAt: day }))).toBe(true);
    expect(newDay(msg({ createdAt: day }), msg({ createdAt: day + 60_000 }))).toBe(false);
    expect(newDay(msg({ createdAt: day }), msg({ createdAt: day + 86_400_000 }))).toBe(true);
  });
});
