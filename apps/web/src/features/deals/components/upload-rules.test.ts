import { MAX_UPLOAD_BYTES } from '@slat/contracts';
import { describe, expect, it } from 'vitest';
import { addFiles, checkFile, defaultDocumentName, formatFileSize } from './upload-rules';

describe('file sizes', () => {
  it('bytes under 1 kb, else kb', () => {
    expect(formatFileSize(0)).toBe('0 bytes');
    expect(formatFileSize(1023)).toBe('1023 bytes');
    expect(formatFileSize(1024)).toBe('1 kb');
    expect(formatFileSize(1536)).toBe('1.5 kb');
    expect(formatFileSize(MAX_UPLOAD_BYTES)).toBe('25,600 kb');
  });
});

describe('upload rules', () => {
  it('the §5 extensions (case-insensitive), image-only mode jpg/jpeg/png', () => {
    for (const name of [
      'a.jpg',
      'b.JPEG',
      'c.png',
      'd.pdf',
      'e.doc',
      'f.docx',
      'g.csv',
      'h.txt',
      'i.xls',
      'j.xlsx',
      'k.msg',
    ])
      expect(checkFile({ name, size: 10 })).toBeNull();
    expect(checkFile({ name: 'run.exe', size: 10 })).toMatchObject({ kind: 'type' });
    expect(checkFile({ name: 'noextension', size: 10 })).toMatchObject({ kind: 'type' });
    expect(checkFile({ name: 'plan.pdf', size: 10 }, true)).toEqual({
      kind: 'type',
      allowed: 'jpg, jpeg, png',
    });
    expect(checkFile({ name: 'photo.png', size: 10 }, true)).toBeNull();
  });

  it('at most 25 MB; not empty', () => {
    expect(checkFile({ name: 'big.pdf', size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(checkFile({ name: 'big.pdf', size: MAX_UPLOAD_BYTES + 1 })).toEqual({ kind: 'size' });
    expect(checkFile({ name: 'empty.txt', size: 0 })).toEqual({ kind: 'empty' });
  });

  it('single-file mode keeps only the last file', () => {
    expect(addFiles(['a'], ['b', 'c'], true)).toEqual(['c']);
    expect(addFiles(['a'], [], true)).toEqual(['a']);
    expect(addFiles(['a'], ['b', 'c'], false)).toEqual(['a', 'b', 'c']);
  });

  it('the document name defaults to the file name without its extension', () => {
    expect(defaultDocumentName('bay-plan.pdf')).toBe('bay-plan');
    expect(defaultDocumentName('.hidden')).toBe('.hidden');
  });
});
