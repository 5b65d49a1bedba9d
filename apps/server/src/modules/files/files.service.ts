import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/database';
import { randomToken } from '../../lib/secrets';
import type { Upload } from '../../lib/uploads';
import * as repo from './files.repository';

/** Files being written, beside the accounts' folders (the same file system, so a rename moves them). */
const INCOMING = '.incoming';
/** A file still incoming after this long was left by a process that stopped mid-upload. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/** A stored file's ids: its row's, and the random one in its URL. */
export type SavedFile = { id: number; publicId: string };

/** A stored file's row with its absolute path on disk. */
export type StoredFile = repo.FileRow & { fullPath: string };

/** Files live on disk under DATA_DIR/files (outside the web root), addressed by a random public id. */
export class FileStore {
  private swept = false;

  constructor(
    private readonly db: Db,
    private readonly root: string,
  ) {}

  /** Stores an upload on its own (the demo seed's files); see `saveWith`. */
  save(accountId: number, upload: Upload): Promise<SavedFile> {
    return this.saveWith(accountId, upload, async (_tx, file) => file);
  }

  /**
   * Stores an upload and, in the same transaction, what refers to it (`record`, given the
   * transaction and the new file's ids). The bytes are written under a temporary name and moved
   * into place as the transaction's last step; on any failure (a refused record, a failed write
   * or commit) the file is removed, so no file stays on disk without its row.
   */
  async saveWith<T>(
    accountId: number,
    upload: Upload,
    record: (tx: Db, file: SavedFile) => Promise<T>,
  ): Promise<T> {
    const publicId = randomToken(24);
    const relative = path.join(String(accountId), publicId);
    const full = path.join(this.root, relative);
    const temporary = path.join(this.root, INCOMING, publicId);
    let moved = false;
    await this.sweepAbandoned();
    try {
      await fs.mkdir(path.dirname(temporary), { recursive: true });
      await fs.writeFile(temporary, upload.buffer, { flag: 'wx' });
      return await this.db.transaction(async (tx) => {
        const id = await repo.insertFile(tx, {
          accountId,
          publicId,
          filename: upload.filename,
          mimeType: upload.mimeType,
          size: upload.buffer.length,
          storagePath: relative,
        });
        const result = await record(tx, { id, publicId });
        await fs.mkdir(path.dirname(full), { recursive: true });
        await fs.rename(temporary, full);
        moved = true;
        return result;
      });
    } catch (error) {
      await fs.rm(moved ? full : temporary, { force: true });
      throw error;
    }
  }

  /** Once a process: removes the incoming files that a stopped process left behind. */
  private async sweepAbandoned(): Promise<void> {
    if (this.swept) return;
    this.swept = true;
    const folder = path.join(this.root, INCOMING);
    const names = await fs.readdir(folder).catch(() => []);
    const before = Date.now() - ABANDONED_AFTER_MS;
    for (const name of names) {
      const file = path.join(folder, name);
      const stat = await fs.stat(file).catch(() => undefined);
      if (stat && stat.mtimeMs < before) await fs.rm(file, { force: true });
    }
  }

  /**
   * Deletes the account's files with these ids, rows first (one statement: a file something still
   * refers to fails it, and nothing is deleted), then their bytes. Answers how many were deleted.
   */
  async remove(accountId: number, ids: number[]): Promise<number> {
    const paths = await repo.deleteFiles(this.db, accountId, ids);
    for (const relative of paths) await fs.rm(path.join(this.root, relative), { force: true });
    return paths.length;
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

  /**
   * The account's newest file named `filename` that is still on disk: a document rendered before
   * from the same content (PDFs are named by their definition's digest), so it is not made again.
   */
  async findRendered(accountId: number, filename: string): Promise<StoredFile | undefined> {
    const row = await repo.findNewestByName(this.db, accountId, filename);
    if (!row) return undefined;
    const file = this.stored(row);
    return (await fs.stat(file.fullPath).catch(() => null)) ? file : undefined;
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
