import { describe, expect, it } from 'vitest';
import { ALL_ERROR_CODES, ErrorCode, isErrorCode, SUCCESS_MESSAGE_CODES, SuccessCode } from './errors.ts';

describe('the error catalogue', () => {
  it('gives every code one name and one number', () => {
    expect(new Set(ALL_ERROR_CODES).size).toBe(ALL_ERROR_CODES.length);
    expect(Object.keys(ErrorCode).length).toBe(ALL_ERROR_CODES.length);
  });

  it('names each worded success, and each is a catalogue entry with the same name', () => {
    expect(SUCCESS_MESSAGE_CODES).toEqual([20001, 20002, 20003, 20004, 20005]);
    for (const [name, code] of Object.entries(SuccessCode)) {
      expect(isErrorCode(code)).toBe(true);
      expect(ErrorCode[name as keyof typeof ErrorCode]).toBe(code);
    }
  });

  it('tells a catalogue code from any other number', () => {
    expect(isErrorCode(ErrorCode.LoginFailed)).toBe(true);
    expect(isErrorCode(40099)).toBe(false);
    expect(isErrorCode(Number.NaN)).toBe(false);
  });
});
