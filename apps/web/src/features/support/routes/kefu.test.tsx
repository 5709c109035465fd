import type { SupportMessage } from '@openbourse/contracts/support.ts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dispatchChannel } from '@/shared/lib/live-feed';
import { sessionStore } from '@/shared/session/session-store';
import { fail, type Handler, mockApi, ok } from '@/shared/test/mock-api';
import { baseHandlers, renderApp } from '@/shared/test/render-app';

const FILE_ID = '6f1d3c1e-8a52-4f0e-9d55-2b7c0c7e9a11';
const T0 = Date.UTC(2026, 10, 27, 9, 0);

const message = (over: Partial<SupportMessage>): SupportMessage => ({
  id: 1,
  conversationId: 7,
  from: 'user',
  agentName: null,
  text: 'Hello',
  attachment: null,
  createdAt: T0,
  read: false,
  ...over,
});

const page = (list: SupportMessage[], total = list.length, p = 1) => ok({ list, total, page: p, size: 30 });

function handlers(extra: Record<string, Handler> = {}) {
  return mockApi({
    ...baseHandlers,
    'GET support/unread': () => ok({ unread: 0 }),
    'POST support/read': () => ok({ unread: 0 }),
    'POST support/typing': () => ok(null),
    ...extra,
  });
}

beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }));
});

describe('/profile/kefu signed in', () => {
  it('explains the hours and response when there is no message yet', async () => {
    handlers({ 'GET support/messages': () => page([]) });
    await renderApp('/profile/kefu', { loggedIn: true });
    expect(await screen.findByTestId('chat-empty')).toHaveTextContent('Start a conversation');
    expect(screen.getByTestId('chat')).toHaveTextContent('We answer every day');
  });

  it('shows the history as text, never HTML, with support’s name and the read mark', async () => {
    const api = handlers({
      'GET support/messages': () =>
        page([
          message({ id: 1, text: '<script>alert(1)</script>', read: true }),
          message({ id: 2, from: 'agent', agentName: 'Mia', text: 'Line one\nline two' }),
        ]),
    });
    await renderApp('/profile/kefu', { loggedIn: true });
    const mine = await screen.findByTestId('chat-msg-mine');
    expect(within(mine).getByTestId('chat-text').textContent).toBe('<script>alert(1)</script>');
    expect(mine.querySelector('script')).toBeNull();
    expect(within(mine).getByTestId('chat-status')).toHaveTextContent('Read');
    const theirs = screen.getByTestId('chat-msg-theirs');
    expect(theirs).toHaveTextContent('Mia');
    expect(within(theirs).getByTestId('chat-text').textContent).toBe('Line one\nline two');
    // Seeing support's message marks it read.
    await waitFor(() => expect(api.callsTo('support/read')).toHaveLength(1));
  });

  it('sends with Enter (Shift+Enter is a new line), shows it at once, and retries a refusal', async () => {
    let sends = 0;
    const api = handlers({
      'GET support/messages': () => page([]),
      'POST support/send': (call) => {
        sends += 1;
        if (sends === 1) return fail(42900, 'Too many requests');
        return ok(message({ id: 9, text: (call.body as { text: string }).text }));
      },
    });
    await renderApp('/profile/kefu', { loggedIn: true });
    const input = await screen.findByTestId('chat-input');
    fireEvent.change(input, { target: { value: 'Where is my deposit?' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(api.callsTo('support/send')).toHaveLength(0);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByTestId('chat-msg-mine')).toHaveTextContent('Where is my deposit?');
    expect(input).toHaveValue('');
    const retry = await screen.findByTestId('chat-retry');
    expect(screen.getByRole('alert')).toHaveTextContent('Too many requests');
    fireEvent.click(retry);
    await waitFor(() =>
      expect(within(screen.getByTestId('chat-msg-mine')).getByTestId('chat-status')).toBeInTheDocument(),
    );
    expect(screen.getAllByTestId('chat-msg-mine')).toHaveLength(1);
    expect(api.callsTo('support/send').map((c) => c.body)).toEqual([
      { text: 'Where is my deposit?' },
      { text: 'Where is my deposit?' },
    ]);
  });

  it('uploads a picked image, then sends it with the message', async () => {
    const api = handlers({
      'GET support/messages': () => page([]),
      'POST file/upload': () => ok({ id: FILE_ID, purpose: 'chat', url: `/swx/customer/file/${FILE_ID}` }),
      'POST support/send': () =>
        ok(
          message({
            id: 3,
            text: 'See',
            attachment: { fileId: FILE_ID, url: `/swx/customer/file/${FILE_ID}`, originalUrl: '' },
          }),
        ),
    });
    await renderApp('/profile/kefu', { loggedIn: true });
    const file = new File([new Uint8Array(8)], 'shot.png', { type: 'image/png' });
    fireEvent.change(await screen.findByTestId('chat-file'), { target: { files: [file] } });
    expect(await screen.findByTestId('chat-preview')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: 'See' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    await waitFor(() => expect(api.callsTo('support/send')).toHaveLength(1));
    expect(api.callsTo('file/upload')).toHaveLength(1);
    expect(api.callsTo('support/send')[0]?.body).toEqual({ text: 'See', fileId: FILE_ID });
    const sent = await screen.findByTestId('chat-msg-mine');
    expect(within(sent).getByTestId('chat-image').querySelector('img')).toHaveAttribute('src', 'blob:preview');
    expect(screen.queryByTestId('chat-preview')).toBeNull();
  });

  it('refuses a file that is not an image before sending it', async () => {
    const api = handlers({ 'GET support/messages': () => page([]) });
    await renderApp('/profile/kefu', { loggedIn: true });
    const file = new File(['%PDF'], 'a.pdf', { type: 'application/pdf' });
    fireEvent.change(await screen.findByTestId('chat-file'), { target: { files: [file] } });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(api.callsTo('file/upload')).toHaveLength(0);
  });

  it('shows the characters left near the limit', async () => {
    handlers({ 'GET support/messages': () => page([]) });
    await renderApp('/profile/kefu', { loggedIn: true });
    const input = await screen.findByTestId('chat-input');
    fireEvent.change(input, { target: { value: 'x'.repeat(1990) } });
    expect(screen.getByTestId('chat-counter')).toHaveTextContent('10 characters left');
  });

  it('takes support’s answer, typing and read mark from the live feed', async () => {
    handlers({ 'GET support/messages': () => page([message({ id: 1, text: 'Hi' })]) });
    await renderApp('/profile/kefu', { loggedIn: true });
    await screen.findByTestId('chat-msg-mine');
    act(() => dispatchChannel({ ch: 'support', type: 'typing', from: 'agent' }));
    expect(await screen.findByTestId('chat-typing')).toHaveTextContent('Support is typing');
    act(() => dispatchChannel({ ch: 'support', type: 'read', by: 'agent', upTo: 1 }));
    expect(await screen.findByText('Read')).toBeInTheDocument();
    act(() =>
      dispatchChannel({
        ch: 'support',
        type: 'message',
        message: message({ id: 2, from: 'agent', agentName: 'Mia', text: 'Checking now' }),
        unread: 1,
      }),
    );
    expect(await screen.findByTestId('chat-msg-theirs')).toHaveTextContent('Checking now');
    expect(screen.queryByTestId('chat-typing')).toBeNull();
  });

  it('shows support’s unread count on the header’s support button', async () => {
    handlers({
      'GET support/unread': () => ok({ unread: 3 }),
      'GET index/listContents/*': () => ok([]),
    });
    await renderApp('/', { loggedIn: true });
    expect(await screen.findByTestId('support-badge')).toHaveTextContent('3');
    expect(screen.getByTestId('support-button')).toHaveAttribute('aria-label', 'Customer service, 3 unread');
  });
});

describe('/profile/kefu for visitors', () => {
  beforeEach(() => sessionStore.clearSession());

  it('links the help centre and sends the contact form', async () => {
    const api = handlers({ 'POST index/contact': () => ok(null) });
    await renderApp('/profile/kefu');
    expect(await screen.findByTestId('support-help')).toHaveAttribute('href', '/help');
    fireEvent.click(screen.getByTestId('contact-send'));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(api.callsTo('index/contact')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('contact-name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByTestId('contact-email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByTestId('contact-message'), { target: { value: 'I cannot log in' } });
    fireEvent.click(screen.getByTestId('contact-send'));
    expect(await screen.findByTestId('contact-done')).toHaveTextContent('ada@example.com');
    expect(api.callsTo('index/contact')[0]?.body).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      message: 'I cannot log in',
      language: 'en',
    });
  });
});
