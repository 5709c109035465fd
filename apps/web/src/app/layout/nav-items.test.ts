import { describe, expect, it } from 'vitest';
import { isAuthPath } from './nav-items';

describe('isAuthPath', () => {
  it.each(['/pass/login', '/pass/register', '/pass/reset', '/pass/two-factor'])('%s is an auth page', (path) => {
    expect(isAuthPath(path)).toBe(true);
  });

  it.each([
    '/api/loginCallback/google',
    '/api/loginCallback/google/',
    '/api/logincallback/google',
    '/api/loginCallback/github',
  ])('the sign-in callback %s is an auth page', (path) => {
    expect(isAuthPath(path)).toBe(true);
  });

  it.each([
    '/',
    '/profile/info',
    '/api/',
    '/api/loginCallback',
    '/api/loginCallback/',
    '/api/loginCallback/google/extra',
    '/api/other/google',
    '/swx/customer/login/loginByGoogle',
    '/passport',
  ])('%s is not', (path) => {
    expect(isAuthPath(path)).toBe(false);
  });
});
