/**
 * A Content-Disposition header value for a download (RFC 6266): the file's name in `filename*`
 * as UTF-8 (RFC 8187), and an ASCII `filename` for clients that read only that. A header value
 * holds Latin-1 at most, so a name like "Łódź logo ✓.png" cannot be sent as it is.
 */
export function contentDisposition(type: 'inline' | 'attachment', filename: string): string {
  const name = filename.replace(/\p{Cc}/gu, '') || 'download';
  const fallback = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents taken off their letters: "é" is sent as "e"
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeRfc8187(name)}`;
}

/** Percent-encoding of UTF-8 bytes, leaving RFC 8187's attr-char as they are. */
function encodeRfc8187(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
