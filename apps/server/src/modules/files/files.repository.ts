import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { files } from '../../db/schema';

export type FileRow = typeof files.$inferSelect;
export type NewFileRow = Omit<typeof files.$inferInsert, 'id' | 'createdAt'>;

export async function insertFile(db: Db, row: NewFileRow): Promise<number> {
  const [inserted] = await db.insert(files).values(row).returning({ id: files.id });
  return inserted!.id;
}

export async function findFileByPublicId(db: Db, publicId: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.publicId, publicId));
  return row;
}

export async function isAccountFile(db: Db, accountId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, id), eq(files.accountId, accountId)));
  return row !== undefined;
}

export async function findAccountFiles(db: Db, accountId: number, ids: number[]): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(files)
    .where(and(eq(files.accountId, accountId), inArray(files.id, ids)));
}

/** Deletes the account's files with these ids; answers the stored paths of the rows deleted. */
export async function deleteFiles(db: Db, accountId: number, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .delete(files)
    .where(and(eq(files.accountId, accountId), inArray(files.id, ids)))
    .returning({ storagePath: files.storagePath });
  return rows.map((r) => r.storagePath);
}

/** The account's newest file with this name. */
export async function findNewestByName(
  db: Db,
  accountId: number,
  filename: string,
): Promise<FileRow | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.accountId, accountId), eq(files.filename, filename)))
    .orderBy(desc(files.id))
    .limit(1);
  return row;
}
