import { IMAGE_EXTENSIONS, MAX_UPLOAD_BYTES, UPLOAD_EXTENSIONS } from '@slat/contracts';

/** §9: sizes in kb, or in bytes under 1 kb. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const kb = Math.round((bytes / 1024) * 10) / 10;
  return `${kb.toLocaleString('en-AU')} kb`;
}

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

export const allowedExtensions = (imageOnly: boolean): readonly string[] =>
  imageOnly ? IMAGE_EXTENSIONS : UPLOAD_EXTENSIONS;

export type FileProblem = { kind: 'type'; allowed: string } | { kind: 'size' } | { kind: 'empty' };

/** Why a file cannot be uploaded (§5: the extensions, at most 25 MB), or null. */
export function checkFile(file: { name: string; size: number }, imageOnly = false): FileProblem | null {
  const allowed = allowedExtensions(imageOnly);
  if (!allowed.includes(extensionOf(file.name))) return { kind: 'type', allowed: allowed.join(', ') };
  if (file.size > MAX_UPLOAD_BYTES) return { kind: 'size' };
  if (file.size === 0) return { kind: 'empty' };
  return null;
}

/** The file name without its extension: the document's default name. */
export const defaultDocumentName = (fileName: string): string => {
  const dot = fileName.lastIndexOf('.');
  return (dot > 0 ? fileName.slice(0, dot) : fileName).trim() || fileName;
};

/** The files picked so far plus new ones; single-file mode keeps only the last file (§5). */
export function addFiles<F>(current: F[], incoming: F[], single: boolean): F[] {
  if (single) return incoming.length ? [incoming[incoming.length - 1] as F] : current;
  return [...current, ...incoming];
}
