import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type FileRow, files } from './files.tables.ts';

/** The files module's SQL, Drizzle only; every function takes the executor. */

export type NewFileRow = typeof files.$inferInsert;

export const filesRepository = {
  async insert(exec: Executor, row: NewFileRow): Promise<FileRow> {
    const [created] = await exec.insert(files).values(row).returning();
    if (!created) throw new Error('files: insert returned no row');
    return created;
  },

  async find(exec: Executor, id: string): Promise<FileRow | undefined> {
    const [row] = await exec.select().from(files).where(eq(files.id, id)).limit(1);
    return row;
  },
};
