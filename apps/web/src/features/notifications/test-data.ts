import type { Notification } from '@openbourse/contracts/notifications.ts';

/** Notifications as the server lists them (tests). */
export const orderNotice = (id: number, over: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'stopLoss',
  title: 'Stop loss triggered',
  body: `Your position U${id} in BTCUSDT was closed by its stop loss at 95000.00. Realised profit/loss: -1.5 USDT.`,
  subject: { type: 'order', id: 4_500_000_000_000_000 + id, code: 'BTCUSDT', mode: 'demo' },
  createdAt: Date.UTC(2026, 10, 18, 15, 0) - id * 60_000,
  read: false,
  ...over,
});

export const accountNotice = (id: number, over: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'newSignIn',
  title: 'New sign-in',
  body: 'Your account was signed in from Chrome · Windows at IP address 127.0.0.1.',
  subject: { type: 'account', id: null, code: null, mode: null },
  createdAt: Date.UTC(2026, 10, 18, 15, 0) - id * 60_000,
  read: true,
  ...over,
});
