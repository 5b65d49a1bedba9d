import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/database';
import { randomToken } from '../../lib/secrets';
import type { Upload } from '../../lib/uploads';
import * as repo from './files.repository';

/** A stored file's row with its absolute path on disk. */
export type StoredFile = repo.FileRow & { fullPath: string };

/** Files live on disk under DATA_DIR/files (outside the web root), addressed by a random public id. */
export class FileStore {
  constructor(
    private readonly db: Db,
    private readonly root: string,
  ) {}

  async save(accountId: number, upload: Upload): Promise<{ id: number; publicId: string }> {
    const publicId = randomToken(24);
    const relative = path.join(String(accountId), publicId);
    const full = path.join(this.root, relative);
    await fs.mkdir(path.dirname(full), { recursive: true });
    await fs.writeFile(full, upload.buffer, { flag: 'wx' });
    const id = await repo.insertFile(this.db, {
      accountId,
      publicId,
      filename: upload.filename,
      mimeType: upload.mimeType,
      size: upload.buffer.length,
      storagePath: relative,
    });
    return { id, publicId };
  }

  async find(publicId: string): Promise<StoredFile | undefined> {
    const row = await repo.findFileByPublicId(this.db, publicId);
    return row ? this.stored(row) : undefined;
  }

  /** The account's files with these ids, by id (a list of deal attachments names their files). */
  async findMany(accountId: number, ids: number[]): Promise<Map<number, StoredFile>> {
    const rows = await repo.findAccountFiles(this.db, accountId, [...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, this.stored(row)]));
  }

  private stored(row: repo.FileRow): StoredFile {
    return { ...row, fullPath: path.join(this.root, row.storagePath) };
  }

  /** Whether the file with this id belongs to the account (a logo chosen by id, say). */
  belongsTo(accountId: number, id: number): Promise<boolean> {
    return repo.isAccountFile(this.db, accountId, id);
  }

  /** The absolute path of a stored file, from its path relative to the store. */
  path(storagePath: string): string {
    return path.join(this.root, storagePath);
  }

  url(publicId: string): string {
    return `/api/files/${publicId}`;
  }
}
