// The PDF worker thread (piscina): a pdfmake document definition in, the PDF's bytes out.
// Plain JavaScript so the same file runs from the source tree (tests) and beside the bundle
// (scripts/build.mjs copies it). The fonts are read and parsed once per thread; a document may use only
// images given as data URLs (no local file, no URL is ever read on a document's behalf).
// Definitions are plain data (functions cannot cross threads): the table layout and the page
// footer are named by the document and made here.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { move } from 'piscina';

const require = createRequire(import.meta.url);
const pdfmake = require('pdfmake');
const pdfmakeDir = path.dirname(require.resolve('pdfmake/package.json'));

const fontsDir = path.join(pdfmakeDir, 'fonts', 'Roboto');
const FONT_FILES = {
  normal: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italics: 'Roboto-Italic.ttf',
  bolditalics: 'Roboto-MediumItalic.ttf',
};
const fontBytes = Object.values(FONT_FILES).map((file) => {
  const bytes = readFileSync(path.join(fontsDir, file));
  pdfmake.virtualfs.writeFileSync(file, bytes);
  return bytes;
});
pdfmake.setFonts({ Roboto: FONT_FILES });
reuseParsedFonts(fontBytes);
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy(() => false);
pdfmake.setTableLayouts({
  slat: {
    hLineWidth: (i) => (i === 0 ? 0 : 0.5),
    vLineWidth: () => 0,
    hLineColor: () => '#cbd2d9',
    paddingTop: () => 4,
    paddingBottom: () => 4,
  },
});

/**
 * pdfkit parses a document's fonts afresh (fontkit.create) for every document: about half of a
 * one-page render, and most of its garbage. A parsed font is read-only to pdfkit (each document
 * makes its own subset of it), so each thread parses its fonts once and fontkit hands the same
 * ones out again: these buffers are claimed by a format of our own that answers the parsed font.
 * @param {Buffer[]} buffers
 */
function reuseParsedFonts(buffers) {
  const fontkit = createRequire(require.resolve('pdfkit', { paths: [pdfmakeDir] }))('fontkit');
  const parsed = new Map(buffers.map((bytes) => [bytes, fontkit.create(bytes)]));
  const TrueType = parsed.values().next().value.constructor;
  const probe = TrueType.probe;
  TrueType.probe = (bytes) => !parsed.has(bytes) && probe.call(TrueType, bytes);
  fontkit.registerFormat(
    class ParsedFont {
      static probe(bytes) {
        return parsed.has(bytes);
      }
      /** @param {{ buffer: Buffer }} stream */
      constructor(stream) {
        // biome-ignore lint/correctness/noConstructorReturn: fontkit constructs a format per font; this one answers the font parsed before.
        return parsed.get(stream.buffer);
      }
    },
  );
}

/** @param {{ slatFooter?: string } & Record<string, unknown>} definition @returns {Promise<ArrayBuffer>} */
export default async function render(definition) {
  const { slatFooter, ...doc } = definition;
  if (slatFooter)
    doc.footer = (currentPage, pageCount) => ({
      text: `${slatFooter} · Page ${currentPage} of ${pageCount}`,
      fontSize: 8,
      color: '#52606d',
      alignment: 'center',
      margin: [0, 20, 0, 0],
    });
  const buffer = await pdfmake.createPdf(doc).getBuffer();
  // The bytes go back to the main thread without a copy.
  const bytes = buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength);
  return move(bytes);
}
