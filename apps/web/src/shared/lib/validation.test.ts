import { LoginRequest, RegisterRequest } from '@openbourse/contracts/auth.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage } from '@/shared/i18n/i18n';
import { validate } from './validation';

beforeAll(async () => {
  await loadLanguage('en');
});

describe('client-side validation with the contract schemas', () => {
  it("shows the catalogue's text for an E<code> issue", () => {
    const result = validate(LoginRequest, { username: '', password: '' });
    expect(result.errors).toEqual({
      username: 'Please enter your username or email',
      password: 'Please enter the password',
    });
  });

  it('answers an empty field with its "required" message and a wrong one with its own (spec §5)', () => {
    const empty = validate(RegisterRequest, { method: 'email', username: ' ', email: '', password: '', code: '' });
    expect(empty.errors).toEqual({
      username: 'Please enter a username',
      email: 'Please enter the email address',
      password: 'Please enter the password',
      code: 'Please enter the verification code',
    });
    const byPhone = validate(RegisterRequest, {
      method: 'phone',
      username: 'alice1',
      areaCode: '44',
      phone: '',
      password: 'Secret123',
      code: '123456',
    });
    expect(byPhone.errors).toEqual({ phone: 'Please enter the phone number' });
    // A missing field is empty too.
    expect(validate(LoginRequest, { username: 'alice1' }).errors).toEqual({ password: 'Please enter the password' });
  });

  it('reports one message per field of a registration', () => {
    const result = validate(RegisterRequest, {
      method: 'email',
      username: '1x',
      email: 'nope',
      password: 'short',
      code: '12',
    });
    expect(result.errors).toMatchObject({
      username: 'The username is not valid',
      email: 'The email address is not valid',
      password: 'The password must be 8 to 64 characters and contain letters and numbers',
      code: 'The verification code is wrong',
    });
  });

  it('returns the parsed data when valid', () => {
    const result = validate(LoginRequest, { username: ' demo ', password: 'Demo12345' });
    expect(result.data).toEqual({ username: 'demo', password: 'Demo12345' });
  });
});
