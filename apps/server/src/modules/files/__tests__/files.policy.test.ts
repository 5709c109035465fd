import { describe, expect, it } from 'vitest';
import { ADMIN_READERS, ADMIN_ROLES, type AdminRole, canRead } from '../files.policy.ts';
import { FILE_PURPOSES, type FilePurpose } from '../files.tables.ts';

const file = (purpose: FilePurpose, ownerUserId = 7) => ({ ownerUserId, purpose });

describe('canRead', () => {
  it('lets a user read their own files, of every purpose, and nobody else’s', () => {
    for (const purpose of FILE_PURPOSES) {
      expect(canRead({ kind: 'user', id: 7 }, file(purpose))).toBe(true);
      expect(canRead({ kind: 'user', id: 8 }, file(purpose))).toBe(false);
    }
  });

  it('lets an admin read by role and purpose, whoever owns the file', () => {
    const expected: Record<FilePurpose, AdminRole[]> = {
      kyc: ['owner', 'reviewer'],
      'deposit-proof': ['owner', 'reviewer'],
      chat: ['owner', 'support'],
      nft: ['owner', 'reviewer', 'support', 'editor'],
    };
    for (const purpose of FILE_PURPOSES) {
      const readers = ADMIN_ROLES.filter((role) => canRead({ kind: 'admin', role }, file(purpose)));
      expect(readers, purpose).toEqual(expected[purpose]);
    }
  });

  it('lets anyone read NFT images (published artwork), whoever owns them, and no other purpose', () => {
    const readable = FILE_PURPOSES.filter((purpose) => canRead({ kind: 'public' }, file(purpose, 0)));
    expect(readable).toEqual(['nft']);
    expect(canRead({ kind: 'public' }, file('passport' as FilePurpose))).toBe(false);
  });

  it('has a row for every purpose, naming known roles only, and the operator (owner) in each', () => {
    expect(Object.keys(ADMIN_READERS).sort()).toEqual([...FILE_PURPOSES].sort());
    for (const roles of Object.values(ADMIN_READERS)) {
      expect(roles.every((r) => ADMIN_ROLES.includes(r))).toBe(true);
      expect(roles).toContain('owner');
    }
  });

  it('refuses an admin of a role it does not know, and a purpose it does not know', () => {
    expect(canRead({ kind: 'admin', role: 'intern' as AdminRole }, file('nft'))).toBe(false);
    expect(canRead({ kind: 'admin', role: 'owner' }, file('passport' as FilePurpose))).toBe(false);
  });
});
