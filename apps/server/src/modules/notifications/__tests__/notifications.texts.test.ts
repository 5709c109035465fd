import { describe, expect, it } from 'vitest';
import { renderNotification } from '../notifications.texts.ts';

describe('notification texts', () => {
  const stop = { orderNo: 'U202611269007199254740991', price: '94858.62', pnl: '-1234.5', code: 'BTCUSDT' };

  it('groups prices in the reader’s language with every digit kept, and shows a result by the money rule', () => {
    const en = renderNotification('en', 'stopLoss', stop);
    expect(en.body).toContain('94,858.62');
    expect(en.body).toContain('-1,234.50 USDT');
    expect(renderNotification('de', 'stopLoss', stop).body).toContain('94.858,62');
    const gain = renderNotification('en', 'takeProfit', { ...stop, pnl: '+12.345678' });
    expect(gain.body).toContain('+12.345678 USDT');
    const alert = renderNotification('en', 'priceAlert', {
      code: 'EURUSD',
      name: 'Euro / US Dollar',
      condition: 'above',
      target: '1.0850',
      price: '1.08512',
      tickId: '7',
    });
    expect(alert.body).toContain('1.0850');
    expect(alert.body).toContain('1.08512');
  });

  it('names the instrument in the reader’s language', () => {
    expect(renderNotification('ja', 'stopLoss', stop).body).toContain('ビットコイン');
    expect(renderNotification('ja', 'stopLoss', stop).body).not.toContain('BTCUSDT');
    const alert = {
      code: 'BTCUSDT',
      name: 'Bitcoin',
      condition: 'below',
      target: '90000',
      price: '89999.5',
      tickId: '9',
    };
    expect(renderNotification('en', 'priceAlert', alert).body).toContain('Bitcoin fell to 89,999.5');
    expect(renderNotification('ja', 'priceAlert', alert).title).toContain('ビットコイン');
    // An instrument with no translated name keeps the operator's.
    expect(renderNotification('ja', 'priceAlert', { ...alert, code: 'NEWCOIN', name: 'New Coin' }).body).toContain(
      'New Coin',
    );
  });

  it('isolates values left to right for Arabic readers, once', () => {
    const ar = renderNotification('ar', 'stopLoss', stop).body;
    expect(ar).toMatch(/\u2066\u200e?-1,234\.50\u2069/);
    expect(ar).toContain('\u206694,858.62\u2069');
    // The name, Arabic itself, by its first strong letter.
    expect(ar).toContain('\u2068بيتكوين\u2069');
  });
});
