import type { FilePurpose } from './files.tables.ts';

/**
 * Who may read a stored file. A user reads their own files and nobody else's; an admin reads a
 * file when the file's purpose lets the admin's role read it, whoever owns it; anyone (`public`)
 * reads NFT images, which are published artwork, and nothing else. One pure function,
 * so the customer API, the admin API (a later issue) and tests ask the same question.
 */
export const ADMIN_ROLES = ['owner', 'reviewer', 'support', 'editor'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** `public`: anyone, signed in or not (the public NFT image route). */
export type Viewer = { kind: 'user'; id: number } | { kind: 'admin'; role: AdminRole } | { kind: 'public' };

/** What anyone may read without signing in: published NFT artwork, nothing else. */
export const PUBLIC_PURPOSES: readonly FilePurpose[] = ['nft'];

/**
 * Least privilege: identity documents and payment proofs go to those who review them, chat
 * attachments to support, NFT images (published artwork) to every role. `owner` (the platform's
 * operator) reads everything.
 */
export const ADMIN_READERS: Readonly<Record<FilePurpose, readonly AdminRole[]>> = {
  kyc: ['owner', 'reviewer'],
  'deposit-proof': ['owner', 'reviewer'],
  chat: ['owner', 'support'],
  nft: ['owner', 'reviewer', 'support', 'editor'],
};

export function canRead(viewer: Viewer, file: { ownerUserId: number; purpose: FilePurpose }): boolean {
  switch (viewer.kind) {
    case 'user':
      return file.ownerUserId === viewer.id;
    case 'admin':
      return ADMIN_READERS[file.purpose]?.includes(viewer.role) ?? false;
    case 'public':
      return PUBLIC_PURPOSES.includes(file.purpose);
    default:
      return assertUnreachable(viewer);
  }
}

function assertUnreachable(value: never): never {
  throw new Error(`unknown viewer ${JSON.stringify(value)}`);
}
