import { describe, expect, it } from 'vitest';
import { subjectLink } from './notification-item';

describe('where a notification leads', () => {
  it('sends each kind to the page that shows what it is about', () => {
    expect(subjectLink({ kind: 'kycVerified', subject: { type: 'account', id: null, code: null, mode: null } })).toBe(
      '/profile/verify',
    );
    expect(subjectLink({ kind: 'kycFailed', subject: { type: 'account', id: null, code: null, mode: null } })).toBe(
      '/profile/verify',
    );
    expect(subjectLink({ kind: 'loanApproved', subject: { type: 'loan', id: 7, code: null, mode: null } })).toBe(
      '/loan',
    );
    expect(subjectLink({ kind: 'depositApproved', subject: { type: 'deposit', id: 3, code: null, mode: null } })).toBe(
      '/profile/balance',
    );
    expect(subjectLink({ kind: 'orderFilled', subject: { type: 'order', id: 1, code: 'BTCUSDT', mode: 'real' } })).toBe(
      '/market?id=BTCUSDT',
    );
  });
});
