import zlib from 'node:zlib';
import { LANGUAGES } from '@openbourse/contracts/languages.ts';
import { loanTerms } from '@openbourse/money';
import * as fontkit from 'fontkit';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { agreementPdf, canWrite, inkedPng, ratePercent } from '../loans.agreement.ts';
import { dataUrl, inkPng } from './helpers.ts';

/** The embedded font programs of a PDF: TrueType subsets parsed back, bare CFF checked by its header. */
async function embeddedFonts(pdf: Uint8Array) {
  const doc = await PDFDocument.load(pdf);
  const trueType = new Set<string>();
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    const ref = (obj as { get?: (n: PDFName) => unknown }).get?.(PDFName.of('FontFile2'));
    if (ref) trueType.add(String(ref));
  }
  const fonts: { kind: 'truetype' | 'cff'; glyphs: number; outlined: number; offSize?: number }[] = [];
  for (const [ref, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream)) continue;
    const sub = String(obj.dict.get(PDFName.of('Subtype')) ?? '');
    if (!trueType.has(String(ref)) && !sub.includes('CIDFontType0C')) continue;
    let bytes = obj.contents;
    if (String(obj.dict.get(PDFName.of('Filter'))).includes('Flate')) bytes = zlib.inflateSync(bytes);
    if (sub.includes('CIDFontType0C')) {
      fonts.push({ kind: 'cff', glyphs: 0, outlined: 0, offSize: bytes[3]! });
      continue;
    }
    const f = fontkit.create(Buffer.from(bytes)) as fontkit.Font;
    let outlined = 0;
    for (let g = 1; g < f.numGlyphs; g++) if (f.getGlyph(g).path.commands.length > 0) outlined++;
    fonts.push({ kind: 'truetype', glyphs: f.numGlyphs, outlined });
  }
  return { pages: doc.getPageCount(), title: doc.getTitle(), fonts };
}

describe('the loan agreement', () => {
  const terms = loanTerms({
    principal: '1000',
    scale: 6,
    dailyRate: '0.0005',
    termDays: 30,
    freeDays: 3,
    drawnAt: Date.UTC(2026, 10, 26),
  });

  it.each(LANGUAGES)(
    'is written in %s with its fonts embedded whole (valid subsets, every glyph drawn)',
    async (lang) => {
      expect(canWrite(lang)).toBe(true);
      const { pdf, lang: written } = await agreementPdf({
        lang,
        loanNo: '4503599627370497',
        date: Date.UTC(2026, 10, 26),
        lender: 'OpenBourse',
        borrower: 'alice_01',
        currency: 'USDT',
        terms,
        signaturePng: await inkPng(),
      });
      expect(written).toBe(lang);
      expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
      const { pages, title, fonts } = await embeddedFonts(pdf);
      expect(pages).toBe(1);
      expect(title).toContain('4503599627370497');
      // Subsets that viewers accept: TrueType whose glyphs all parse with outlines (a broken loca
      // table loses them), CFF with a valid header (offSize 1–4; an invalid one prints nothing).
      const used = fonts.filter((f) => f.kind === 'cff' || f.glyphs > 1);
      expect(used.length).toBeGreaterThan(0);
      for (const f of used) {
        if (f.kind === 'cff') expect(f.offSize).toBeGreaterThanOrEqual(1);
        if (f.kind === 'cff') expect(f.offSize).toBeLessThanOrEqual(4);
        // .notdef and the space have no outline.
        else expect(f.outlined).toBeGreaterThanOrEqual(f.glyphs - 3);
      }
      if (['zh', 'hk', 'ja', 'ko'].includes(lang)) expect(fonts.some((f) => f.kind === 'cff')).toBe(true);
    },
  );

  it('shows the rate as a percentage exactly', () => {
    expect(ratePercent('0.0005')).toBe('0.05 %');
    expect(ratePercent('0.001')).toBe('0.1 %');
    expect(ratePercent('0.12345678')).toBe('12.345678 %');
    expect(ratePercent('0')).toBe('0 %');
  });

  it('takes only a PNG with ink as a signature', async () => {
    expect(await inkedPng(dataUrl(await inkPng()))).not.toBeNull();
    const flat = (background: { r: number; g: number; b: number; alpha: number }) =>
      sharp({ create: { width: 200, height: 80, channels: 4, background } })
        .png()
        .toBuffer();
    expect(await inkedPng(dataUrl(await flat({ r: 255, g: 255, b: 255, alpha: 1 })))).toBeNull();
    expect(await inkedPng(dataUrl(await flat({ r: 0, g: 0, b: 0, alpha: 0 })))).toBeNull();
    // A black box is ink (a filled signature is still a mark on the page).
    expect(await inkedPng(dataUrl(await flat({ r: 0, g: 0, b: 0, alpha: 1 })))).not.toBeNull();
    const jpeg = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    expect(await inkedPng(`data:image/png;base64,${jpeg.toString('base64')}`)).toBeNull();
    // A PNG header on garbage, and a truncated PNG.
    const png = await inkPng();
    expect(await inkedPng(dataUrl(Buffer.concat([png.subarray(0, 8), Buffer.alloc(64, 7)])))).toBeNull();
    expect(await inkedPng(dataUrl(png.subarray(0, png.length / 2)))).toBeNull();
    expect(await inkedPng('data:image/jpeg;base64,AAAA')).toBeNull();
    // Too many pixels to decode.
    const huge = await sharp({ create: { width: 3000, height: 2000, channels: 4, background: '#000' } })
      .png()
      .toBuffer();
    expect(await inkedPng(dataUrl(huge))).toBeNull();
  });
});
