import { crc32, deflateSync } from 'node:zlib';

/**
 * A drawn-looking signature as the accept modal's canvas makes one (768 × 240, transparent, a
 * dark blue pen): a looping stroke sampled densely and stamped as round dots. Deterministic, for
 * the demo's accepted quote and the tests.
 */
export function drawnSignaturePng(width = 768, height = 240): Buffer {
  const stride = width * 4 + 1;
  const raw = Buffer.alloc(stride * height); // transparent; filter byte 0 (none) on every row
  const pen = 3;
  const dot = (cx: number, cy: number) => {
    for (let y = Math.max(0, Math.floor(cy - pen)); y <= Math.min(height - 1, Math.ceil(cy + pen)); y++)
      for (let x = Math.max(0, Math.floor(cx - pen)); x <= Math.min(width - 1, Math.ceil(cx + pen)); x++) {
        if ((x - cx) ** 2 + (y - cy) ** 2 > pen * pen) continue;
        const at = y * stride + 1 + x * 4;
        raw[at] = 0x1a;
        raw[at + 1] = 0x2b;
        raw[at + 2] = 0x5e;
        raw[at + 3] = 0xff;
      }
  };
  // A slanted, looping signature across the canvas, then an underline.
  for (let i = 0; i <= 4000; i++) {
    const s = i / 4000;
    const x = width * (0.1 + 0.75 * s) + 28 * Math.sin(s * Math.PI * 14);
    const y =
      height * (0.5 - 0.12 * Math.sin(s * Math.PI * 3)) - 46 * Math.cos(s * Math.PI * 14) * (1 - s * 0.4);
    dot(x, y);
  }
  for (let i = 0; i <= 800; i++) dot(width * (0.12 + 0.72 * (i / 800)), height * 0.82 - 8 * (i / 800));
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
