import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '@/shared/test/mock-api';
import { baseHandlers, renderApp } from '@/shared/test/render-app';

const off = { methods: [], totp: false, passkeys: [], recoveryCodesLeft: 0 };
const on = { methods: ['totp', 'recovery'], totp: true, passkeys: [], recoveryCodesLeft: 10 };
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

describe('security page', () => {
  it('sets up the authenticator app: the password, the QR code and key, a first code, the recovery codes once', async () => {
    let enabled = false;
    const api = mockApi({
      ...baseHandlers,
      'GET twofactor/status': () => ok(enabled ? on : off),
      'POST twofactor/totp/start': (call) =>
        (call.body as { password: string }).password === 'Secret123'
          ? ok({ secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/OpenBourse:demo?secret=JBSWY3DPEHPK3PXP' })
          : fail(10004, 'Wrong password', { field: 'password' }),
      'POST twofactor/totp/confirm': (call) => {
        if ((call.body as { code: string }).code !== '123456') return fail(40121, 'Wrong code', { field: 'proof' });
        enabled = true;
        return ok({ recoveryCodes: CODES });
      },
    });
    await renderApp('/profile/security', { loggedIn: true });
    await waitFor(() => expect(screen.getByTestId('security-totp-state')).toHaveTextContent('Off'));
    fireEvent.click(screen.getByTestId('security-totp-enable'));
    fireEvent.change(screen.getByTestId('security-confirm-password'), { target: { value: 'Wrong1234' } });
    fireEvent.click(screen.getByTestId('security-confirm-submit'));
    expect(await screen.findByTestId('security-confirm-error')).toHaveTextContent('Wrong password');
    // No factor yet: the password alone confirms.
    expect(screen.queryByTestId('security-confirm-factor')).toBeNull();
    fireEvent.change(screen.getByTestId('security-confirm-password'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByTestId('security-confirm-submit'));
    expect(await screen.findByTestId('security-totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    fireEvent.change(screen.getByTestId('security-totp-code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('security-totp-confirm'));
    expect(await screen.findByText('Wrong code')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('security-totp-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('security-totp-confirm'));
    await waitFor(() => expect(screen.getAllByTestId('recovery-code')).toHaveLength(10));
    expect(screen.queryByTestId('security-totp-secret')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('security-totp-state')).toHaveTextContent('On'));
    fireEvent.click(screen.getByTestId('recovery-done'));
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
    expect(screen.getByTestId('security-recovery-left')).toHaveTextContent('10');
    expect(api.callsTo('twofactor/totp/start')[1]?.body).toEqual({ password: 'Secret123' });
  }, 20_000);

  it('removing asks for the password and a current code', async () => {
    const api = mockApi({
      ...baseHandlers,
      'GET twofactor/status': () => ok(on),
      'POST twofactor/totp/remove': () => ok(null),
    });
    await renderApp('/profile/security', { loggedIn: true });
    fireEvent.click(await screen.findByTestId('security-totp-remove'));
    fireEvent.change(screen.getByTestId('security-confirm-password'), { target: { value: 'Secret123' } });
    fireEvent.change(screen.getByTestId('security-confirm-code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('security-confirm-submit'));
    await waitFor(() => expect(api.callsTo('twofactor/totp/remove')).toHaveLength(1));
    expect(api.callsTo('twofactor/totp/remove')[0]?.body).toEqual({
      password: 'Secret123',
      proof: { method: 'totp', code: '654321' },
    });
  }, 20_000);
});
