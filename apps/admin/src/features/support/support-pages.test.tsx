import type {
  CannedReply,
  SupportInboxItem,
  SupportMessage,
  SupportNote,
  SupportUserContext,
} from '@openbourse/contracts/support.ts';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app';
import { sessionStore } from '@/shared/session';
import { ALL, me, ok, polyfillDialog, refused, serve, signIn } from '@/test/fake-api';
import { cannedIn, formatDuration } from './support-api';
import { missingLanguages } from './support-canned-page';
import { dispatchAgentPush } from './support-socket';
import { timeline } from './support-timeline';

const owner = me('owner', ALL);
const editor = me('editor', ['dashboard.read', 'content.edit']);
const T0 = Date.UTC(2026, 10, 27, 9, 0);
const LANGS = ['en', 'ar', 'de', 'es', 'fr', 'hk', 'it', 'ja', 'ko', 'th', 'zh'] as const;

const msg = (over: Partial<SupportMessage>): SupportMessage => ({
  id: 1,
  conversationId: 5,
  from: 'user',
  agentName: null,
  text: 'Hello',
  attachment: null,
  createdAt: T0,
  read: false,
  ...over,
});

const conversation: SupportInboxItem = {
  id: 5,
  status: 'open',
  assignedAgentId: null,
  assignedAgentName: null,
  unreadByUser: 0,
  unreadByAgent: 2,
  lastMessage: msg({ id: 2, text: '<b>where</b> is my deposit?' }),
  createdAt: T0,
  updatedAt: T0,
  lastMessageAt: T0 + 60_000,
  userId: 42,
  customerName: 'ada',
  customerEmail: 'ada@example.com',
  language: 'de',
  visitor: false,
};

const note: SupportNote = {
  id: 1,
  conversationId: 5,
  agentId: 7,
  agentName: 'Owner Admin',
  text: 'Deposit is pending review',
  createdAt: T0 + 30_000,
};

const context: SupportUserContext = {
  userId: 42,
  username: 'ada',
  email: 'ada@example.com',
  phone: null,
  language: 'de',
  registeredAt: T0 - 86_400_000,
  status: 'active',
  kyc: 'verified',
  level: { level: 2, name: 'VIP 2' },
  balances: [{ mode: 'real', currency: 'USDT', available: '1250.5', locked: '10', total: '1260.5' }],
  recentOrders: [
    {
      id: '9',
      kind: 'margin',
      instrument: 'BTCUSDT',
      side: 'buy',
      status: 'open',
      amount: '100',
      createdAt: T0,
    },
  ],
};

const canned: CannedReply = {
  id: 3,
  title: Object.fromEntries(LANGS.map((l) => [l, l === 'de' ? 'Einzahlung' : 'Deposit'])),
  text: Object.fromEntries(
    LANGS.map((l) => [l, l === 'de' ? 'Ihre Einzahlung wird geprüft.' : 'Your deposit is being reviewed.']),
  ),
  updatedAt: T0,
};

function open(path: string, routes: Parameters<typeof serve>[0] = {}, who = owner) {
  signIn(who);
  const calls = serve({
    'auth/me': () => ok(who),
    'support/conversations': () => ok({ list: [conversation], total: 1, page: 1, size: 20 }),
    'support/conversations/5': () =>
      ok({
        conversation,
        messages: {
          list: [
            msg({ id: 1, text: '<script>alert(1)</script>' }),
            msg({ id: 2, text: '<b>where</b> is my deposit?', createdAt: T0 + 60_000 }),
          ],
          total: 2,
          page: 1,
          size: 50,
        },
        notes: [note],
      }),
    'support/conversations/5/context': () => ok(context),
    'support/conversations/5/read': () => ok(null),
    'support/conversations/5/typing': () => ok(null),
    'support/stats': () =>
      ok({
        openCount: 4,
        unassignedCount: 1,
        waitingCount: 2,
        answered: 12,
        firstResponseMedianMs: 720_000,
        firstResponseP90Ms: 9_000_000,
        days: 30,
      }),
    'support/agents': () =>
      ok({
        list: [
          { id: 7, name: 'Owner Admin', role: 'owner' },
          { id: 8, name: 'Sam', role: 'support' },
        ],
      }),
    'support/canned': () => ok({ list: [canned] }),
    ...routes,
  });
  window.history.pushState({}, '', `/admin/${path}`);
  render(<App />);
  return calls;
}

beforeEach(() => {
  polyfillDialog();
  localStorage.clear();
  // No agents' socket in tests: the inbox polls.
  vi.stubGlobal('WebSocket', undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.set(null);
});

describe('the inbox’s rules', () => {
  it('puts notes between messages by time and formats durations', () => {
    const entries = timeline([msg({ id: 1 }), msg({ id: 2, createdAt: T0 + 60_000 })], [note]);
    expect(entries.map((e) => `${e.kind}${e.item.id}`)).toEqual(['message1', 'note1', 'message2']);
    expect(formatDuration(45_000)).toBe('45 s');
    expect(formatDuration(720_000)).toBe('12 min');
    expect(formatDuration(9_000_000)).toBe('2.5 h');
    expect(formatDuration(null)).toBe('—');
  });
  it('takes a canned reply in the customer’s language, English when missing', () => {
    expect(cannedIn(canned, 'de')).toBe('Ihre Einzahlung wird geprüft.');
    expect(cannedIn({ ...canned, text: { en: 'Hi' } }, 'ja')).toBe('Hi');
  });
  it('requires every language of a canned reply', () => {
    const all = Object.fromEntries(LANGS.map((l) => [l, 'x'])) as Record<(typeof LANGS)[number], string>;
    expect(missingLanguages(all, all)).toEqual([]);
    expect(missingLanguages({ ...all, th: ' ' }, { ...all, ar: '' }).sort()).toEqual(['ar', 'th']);
  });
});

describe('the support inbox', () => {
  it('lists conversations with unread counts and the response-time figures; the nav links it', async () => {
    open('support');
    const row = await screen.findByTestId('sup-row');
    expect(row.textContent).toContain('ada');
    expect(within(row).getByTestId('sup-unread').textContent).toContain('2');
    expect(row.textContent).toContain('<b>where</b> is my deposit?');
    const stats = await screen.findByTestId('sup-stats');
    await waitFor(() => expect(stats.textContent).toContain('12 min'));
    expect(stats.textContent).toContain('2.5 h');
    expect(screen.getByRole('link', { name: /Support inbox/ }).getAttribute('href')).toBe('/admin/support');
  });

  it('asks for the chosen filter', async () => {
    const calls = open('support');
    await screen.findByTestId('sup-row');
    fireEvent.click(screen.getByTestId('sup-filter-unassigned'));
    await waitFor(() =>
      expect(calls.some((c) => c.path === 'support/conversations' && c.query.get('filter') === 'unassigned')).toBe(
        true,
      ),
    );
  });

  it('shows a conversation as text with notes set apart, the customer’s context, and marks it read', async () => {
    const calls = open('support/5');
    const timelineBox = await screen.findByTestId('sup-timeline');
    await waitFor(() => expect(within(timelineBox).getAllByTestId('sup-msg-user')).toHaveLength(2));
    expect(timelineBox.querySelector('script')).toBeNull();
    expect(timelineBox.querySelector('b')).toBeNull();
    expect(timelineBox.textContent).toContain('<script>alert(1)</script>');
    expect(within(timelineBox).getByTestId('sup-note').textContent).toContain('not sent to the customer');
    const ctx = await screen.findByTestId('sup-context');
    await waitFor(() => expect(ctx.textContent).toContain('VIP 2'));
    expect(ctx.textContent).toContain('verified');
    expect(ctx.textContent).toContain('1,250.50');
    expect(ctx.textContent).toContain('BTCUSDT');
    await waitFor(() => expect(calls.some((c) => c.path === 'support/conversations/5/read')).toBe(true));
  });

  it('replies with a canned text in the customer’s language, and writes notes apart', async () => {
    const calls = open('support/5', {
      'support/conversations/5/reply': (c) =>
        ok(msg({ id: 3, from: 'agent', agentName: 'Owner Admin', text: (c.body as { text: string }).text })),
      'support/conversations/5/notes': () => ok({ ...note, id: 2 }),
    });
    await screen.findByTestId('sup-timeline');
    const picker = await screen.findByTestId('sup-canned');
    await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(2));
    fireEvent.change(picker, { target: { value: '3' } });
    expect((screen.getByTestId('sup-input') as HTMLTextAreaElement).value).toBe('Ihre Einzahlung wird geprüft.');
    fireEvent.click(screen.getByTestId('sup-send'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'support/conversations/5/reply')?.body).toEqual({
        text: 'Ihre Einzahlung wird geprüft.',
      }),
    );
    fireEvent.click(screen.getByLabelText('Internal note'));
    fireEvent.change(screen.getByTestId('sup-input'), { target: { value: 'Called the bank' } });
    fireEvent.click(screen.getByTestId('sup-send'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'support/conversations/5/notes')?.body).toEqual({ text: 'Called the bank' }),
    );
    expect(calls.filter((c) => c.path === 'support/conversations/5/reply')).toHaveLength(1);
  });

  it('assigns to me and to another agent, closes, and shows a refusal', async () => {
    const calls = open('support/5', {
      'support/conversations/5/assign': (c) =>
        (c.body as { agentId?: number }).agentId === 8
          ? refused(40085, 'This account cannot answer support conversations')
          : ok({ ...conversation, assignedAgentId: 7, assignedAgentName: 'Owner Admin' }),
      'support/conversations/5/close': () => ok({ ...conversation, status: 'closed' }),
    });
    fireEvent.click(await screen.findByTestId('sup-assign-me'));
    await waitFor(() => expect(calls.find((c) => c.path === 'support/conversations/5/assign')?.body).toEqual({}));
    await waitFor(() => expect(within(screen.getByTestId('sup-assign')).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(screen.getByTestId('sup-assign'), { target: { value: '8' } });
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'support/conversations/5/assign').map((c) => c.body)).toEqual([
        {},
        { agentId: 8 },
      ]),
    );
    expect(await screen.findByText('This account cannot answer support conversations')).toBeTruthy();
    fireEvent.click(screen.getByTestId('sup-close'));
    await waitFor(() => expect(calls.some((c) => c.path === 'support/conversations/5/close')).toBe(true));
  });

  it('shows the customer typing from a push', async () => {
    open('support/5');
    await screen.findByTestId('sup-timeline');
    act(() => dispatchAgentPush({ ch: 'support', type: 'typing', conversationId: 5, from: 'user', agentId: null }));
    expect((await screen.findByTestId('sup-typing')).textContent).toContain('ada is typing');
  });

  it('is not open to a role without support.reply', async () => {
    open('support', {}, editor);
    expect(await screen.findByText(/access/i)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Support inbox/ })).toBeNull();
  });
});

describe('canned replies', () => {
  it('edits the 11 languages side by side and saves them all', async () => {
    const calls = open('support-canned', {
      'support/canned': (c) => (c.method === 'POST' ? ok({ ...canned, id: 4 }) : ok({ list: [canned] })),
    });
    expect((await screen.findByTestId('canned-row')).textContent).toContain('Deposit');
    fireEvent.click(screen.getByTestId('canned-new'));
    const editorBox = screen.getByTestId('canned-editor');
    expect(within(editorBox).getAllByRole('group')).toHaveLength(11);
    expect((screen.getByTestId('canned-save') as HTMLButtonElement).disabled).toBe(true);
    for (const l of LANGS) {
      fireEvent.change(screen.getByTestId(`canned-title-${l}`), { target: { value: `T ${l}` } });
      fireEvent.change(screen.getByTestId(`canned-text-${l}`), { target: { value: `Text ${l}` } });
    }
    fireEvent.click(screen.getByTestId('canned-save'));
    await waitFor(() => expect(calls.some((c) => c.path === 'support/canned' && c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.path === 'support/canned' && c.method === 'POST')?.body as {
      title: Record<string, string>;
      text: Record<string, string>;
    };
    expect(Object.keys(body.title)).toHaveLength(11);
    expect(body.text.ar).toBe('Text ar');
  });
});
