import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** What a file is for: decides who besides its owner may read it (files.policy.ts) and its renditions. */
export const FILE_PURPOSES = ['kyc', 'deposit-proof', 'chat', 'nft'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** Types recognised from the bytes (image-sniff.ts); a JPEG 2000 is a JP2 file or a bare codestream. */
export const FILE_MIMES = ['image/png', 'image/jpeg', 'image/jp2', 'image/j2c'] as const;
export type FileMime = (typeof FILE_MIMES)[number];

/** The upload limit (DESIGN §4): 2 MB, counted in bytes of the original. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * One row per stored upload. The bytes live in the blob store (a folder or an S3 bucket) under the
 * keys named here; the row is written after them, and a failed insert deletes them, so a row always
 * has its blobs. The id is random (a v4 UUID): it counts nothing and cannot be guessed, though
 * reading still requires the policy's consent (owner, or an admin whose role the purpose allows).
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey(),
    ownerUserId: bigint('owner_user_id', { mode: 'number' }).notNull(),
    purpose: text('purpose').$type<FilePurpose>().notNull(),
    /** Detected from the content, never taken from the client. */
    mime: text('mime').$type<FileMime>().notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Of the original bytes, lowercase hex. */
    sha256: text('sha256').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The client's file name, cleaned (for display only: never a path, never used to find the blob). */
    declaredName: text('declared_name'),
    originalKey: text('original_key').notNull(),
    /** A PNG for showing what browsers cannot (JPEG 2000); null when the original shows as it is. */
    renditionKey: text('rendition_key'),
    /** A small PNG (NFT images). */
    thumbnailKey: text('thumbnail_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('files_owner_idx').on(t.ownerUserId, t.createdAt),
    check('files_purpose', sql`${t.purpose} in (${list(FILE_PURPOSES)})`),
    check('files_mime', sql`${t.mime} in (${list(FILE_MIMES)})`),
    check('files_size', sql`${t.sizeBytes} between 1 and ${sql.raw(String(MAX_UPLOAD_BYTES))}`),
    check('files_sha256', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

export type FileRow = typeof files.$inferSelect;
