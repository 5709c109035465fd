/**
 * The signed loan agreement: the signature checked (a real PNG with ink on it) and the PDF
 * (pdf-lib) in the borrower's language — texts 90001–90005 with the date, lender, borrower and
 * principal filled in, the terms table from `loanTerms`, and the signature image.
 *
 * Fonts: pdf-lib's standard fonts draw Latin only, so the system's Noto fonts are embedded (subset)
 * through fontkit 2 (upstream: @pdf-lib/fontkit's old subsetter corrupts TrueType `loca` tables and
 * writes CID-keyed CFF that viewers reject, so CJK would print blank; see `kit`): Noto Sans for Latin, Noto Sans Arabic / Thai for those scripts, the Noto
 * Sans CJK collection's Japanese, Korean, Simplified or Traditional face. Each run of text is drawn
 * with the first font that has its glyphs; an Arabic line's runs are laid out right to left (fontkit
 * shapes and orders the Arabic itself). Without the fonts (another system) the agreement is written
 * in English with Helvetica and says so in `lang` (stored as `en`).
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Language } from '@openbourse/contracts/languages.ts';
import type { LoanTerms } from '@openbourse/money';
import { EventEmitter } from 'node:events';
import * as fontkit from 'fontkit';
import { errorMessage } from '@openbourse/locales/server.ts';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

// ─── the signature ───────────────────────────────────────────────────────────────────────────

/** Pixels a signature must have inked (not transparent, not white) to count as signed. */
const MIN_INK_PIXELS = 20;
const MAX_SIGNATURE_PIXELS = 4_000_000;

/**
 * The PNG inside the signature's data URL, if it is one and has ink on it; null when it is not a
 * PNG (by content), cannot be decoded, is too large, or is blank (40056 for the caller).
 */
export async function inkedPng(dataUrl: string): Promise<Buffer | null> {
  const m = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl);
  if (!m) return null;
  const png = Buffer.from(m[1]!, 'base64');
  // The PNG signature: 89 50 4E 47 0D 0A 1A 0A.
  if (png.length < 8 || png.readBigUInt64BE(0) !== 0x89504e470d0a1a0an) return null;
  try {
    const img = sharp(png, { limitInputPixels: MAX_SIGNATURE_PIXELS, failOn: 'error' });
    const meta = await img.metadata();
    if (meta.format !== 'png') return null;
    const { data, info } = await img.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    let ink = 0;
    for (let i = 0; i + 3 < data.length; i += info.channels) {
      const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
      if (a > 32 && !(r > 235 && g > 235 && b > 235)) {
        ink += 1;
        if (ink >= MIN_INK_PIXELS) return png;
      }
    }
    return null;
  } catch {
    return null;
  }
}

// ─── fonts ───────────────────────────────────────────────────────────────────────────────────

const NOTO = '/usr/share/fonts/truetype/noto';
const NOTO_CJK = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const NOTO_CJK_BOLD = '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc';

/** The face of the CJK collection each language reads. */
const CJK_FACE: Partial<Record<Language, string>> = { ja: 'jp', ko: 'kr', zh: 'sc', hk: 'hk' };

interface FontFile {
  path: string;
  /** A face of a collection (.ttc). */
  postscriptName?: string;
}

/** The fonts of a language, best first (regular, bold); the Latin one always last. */
function fontFiles(lang: Language): { regular: FontFile[]; bold: FontFile[] } {
  const latin = { regular: { path: `${NOTO}/NotoSans-Regular.ttf` }, bold: { path: `${NOTO}/NotoSans-Bold.ttf` } };
  const face = CJK_FACE[lang];
  if (face) {
    return {
      regular: [{ path: NOTO_CJK, postscriptName: `NotoSansCJK${face}-Regular` }, latin.regular],
      bold: [{ path: NOTO_CJK_BOLD, postscriptName: `NotoSansCJK${face}-Bold` }, latin.bold],
    };
  }
  if (lang === 'ar') {
    return {
      regular: [{ path: `${NOTO}/NotoSansArabic-Regular.ttf` }, latin.regular],
      bold: [{ path: `${NOTO}/NotoSansArabic-Bold.ttf` }, latin.bold],
    };
  }
  if (lang === 'th') {
    return {
      regular: [{ path: `${NOTO}/NotoSansThai-Regular.ttf` }, latin.regular],
      bold: [{ path: `${NOTO}/NotoSansThai-Bold.ttf` }, latin.bold],
    };
  }
  return { regular: [latin.regular], bold: [latin.bold] };
}

const fileCache = new Map<string, Buffer>();
function readFont(path: string): Buffer | null {
  const hit = fileCache.get(path);
  if (hit) return hit;
  if (!existsSync(path)) return null;
  const buf = readFileSync(path);
  fileCache.set(path, buf);
  return buf;
}

/** Whether the agreement can be written in `lang` on this system (its fonts are installed). */
export function canWrite(lang: Language): boolean {
  const { regular, bold } = fontFiles(lang);
  return [...regular, ...bold].every((f) => existsSync(f.path));
}

/** What a run of text is drawn with: the pdf font and, to pick it, whether it has a code point. */
interface Face {
  pdf: PDFFont;
  has(cp: number): boolean;
}

/**
 * What pdf-lib needs of fontkit, from upstream fontkit 2: the font of the bytes (a collection's face
 * by its PostScript name) whose subsets pdf-lib reads through `encodeStream()`, which fontkit 2
 * replaced by `encode()`.
 */
function kit(postscriptName?: string) {
  return {
    create(data: Uint8Array) {
      const font = fontkit.create(Buffer.from(data.buffer, data.byteOffset, data.byteLength), postscriptName);
      if (!('createSubset' in font)) throw new Error('loans: a font collection needs a face name');
      const createSubset = font.createSubset.bind(font);
      return Object.assign(font, {
        createSubset() {
          const subset = createSubset();
          return Object.assign(subset, {
            encodeStream() {
              const out = new EventEmitter();
              queueMicrotask(() => {
                try {
                  out.emit('data', subset.encode());
                  out.emit('end');
                } catch (err) {
                  out.emit('error', err);
                }
              });
              return out;
            },
          });
        },
      });
    },
  };
}

async function embedFaces(doc: PDFDocument, files: FontFile[]): Promise<Face[]> {
  const faces: Face[] = [];
  for (const f of files) {
    const data = readFont(f.path);
    if (!data) throw new Error(`loans: font ${f.path} missing`);
    doc.registerFontkit(kit(f.postscriptName) as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
    const pdf = await doc.embedFont(data, { subset: true });
    const probe = fontkit.create(data, f.postscriptName);
    if (!('hasGlyphForCodePoint' in probe)) throw new Error(`loans: ${f.path} needs a face name`);
    faces.push({ pdf, has: (cp) => probe.hasGlyphForCodePoint(cp) });
  }
  return faces;
}

// ─── text layout ─────────────────────────────────────────────────────────────────────────────

const STRONG_RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u;
const STRONG_LTR = /[A-Za-z0-9\u00c0-\u024f\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/u;

interface Run {
  text: string;
  face: Face;
}

/** Splits a line into runs, each drawn with the first face that has all of its characters. */
function runsOf(text: string, faces: Face[]): Run[] {
  const runs: Run[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const last = runs.at(-1);
    // Spaces and marks stay with the run they are in.
    if (last && (/\s/u.test(ch) || last.face.has(cp))) {
      last.text += ch;
      continue;
    }
    const face = faces.find((f) => f.has(cp)) ?? faces.at(-1)!;
    runs.push({ text: ch, face });
  }
  return runs;
}

/**
 * The visual order of a right-to-left line's pieces: the line is split where the direction
 * changes (left-to-right pieces: Latin letters, digits and what joins them), the pieces are laid
 * out right to left, and each is drawn in its own direction (fontkit orders an Arabic piece).
 */
function visualPieces(text: string): string[] {
  const pieces: { text: string; ltr: boolean }[] = [];
  const ltrJoin = /[.,:/\-+%@_#()]/u;
  for (const ch of text) {
    const last = pieces.at(-1);
    const ltr = STRONG_LTR.test(ch) ? true : STRONG_RTL.test(ch) ? false : null;
    if (last && (ltr === null ? !last.ltr || ltrJoin.test(ch) : ltr === last.ltr)) {
      last.text += ch;
      continue;
    }
    pieces.push({ text: ch, ltr: ltr ?? false });
  }
  // Neutrals between two left-to-right pieces ("1000 USDT") are left to right too (Unicode's N1).
  const merged: typeof pieces = [];
  for (let i = 0; i < pieces.length; i++) {
    const p = pieces[i]!;
    const prev = merged.at(-1);
    const next = pieces[i + 1];
    if (prev?.ltr && !p.ltr && !STRONG_RTL.test(p.text) && next?.ltr) {
      prev.text += p.text + next.text;
      i += 1;
      continue;
    }
    merged.push({ ...p });
  }
  // A left-to-right piece's trailing spaces belong between it and the next piece.
  return merged.reverse().map((p) => (p.ltr ? p.text.trim() : p.text));
}

interface Writer {
  page: PDFPage;
  y: number;
}

const MARGIN = 56;
const PAGE: [number, number] = [595.28, 841.89]; // A4

function textWidth(text: string, faces: Face[], size: number): number {
  return runsOf(text, faces).reduce((w, r) => w + r.face.pdf.widthOfTextAtSize(r.text, size), 0);
}

/** Words (or, in scripts without spaces, the segments a word breaker finds) of a paragraph. */
function segments(text: string, lang: Language): string[] {
  const seg = new Intl.Segmenter(lang === 'hk' ? 'zh-HK' : lang, { granularity: 'word' });
  return [...seg.segment(text)].map((s) => s.segment);
}

function wrap(text: string, lang: Language, faces: Face[], size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const s of segments(text, lang)) {
    const next = line + s;
    if (line && textWidth(next.trimEnd(), faces, size) > width) {
      lines.push(line.trim());
      line = s.trimStart();
    } else {
      line = next;
    }
  }
  if (line.trim()) lines.push(line.trim());
  return lines;
}

function drawLine(
  w: Writer,
  text: string,
  opts: { faces: Face[]; size: number; rtl: boolean; x?: number; width?: number },
) {
  const x0 = opts.x ?? MARGIN;
  const width = opts.width ?? PAGE[0] - 2 * MARGIN;
  // In right-to-left text a line with no right-to-left letter ("1000.000000 USDT") reads as written.
  const pieces = opts.rtl && STRONG_RTL.test(text) ? visualPieces(text) : [text];
  const runs = pieces.flatMap((p) => runsOf(p, opts.faces));
  const total = runs.reduce((s, r) => s + r.face.pdf.widthOfTextAtSize(r.text, opts.size), 0);
  let x = opts.rtl ? x0 + width - total : x0;
  for (const r of runs) {
    w.page.drawText(r.text, { x, y: w.y, size: opts.size, font: r.face.pdf, color: rgb(0.1, 0.1, 0.12) });
    x += r.face.pdf.widthOfTextAtSize(r.text, opts.size);
  }
}

// ─── the document ────────────────────────────────────────────────────────────────────────────

export interface AgreementInput {
  lang: Language;
  loanNo: string;
  /** Epoch ms the agreement is signed. */
  date: number;
  lender: string;
  borrower: string;
  currency: string;
  terms: LoanTerms;
  signaturePng: Buffer;
}

/**
 * The date in the language's words. Arabic keeps Western digits (`nu-latn`), as the amounts have:
 * fontkit orders a run of Arabic script right to left as a whole, which would reverse Arabic-Indic
 * digits.
 */
const dateText = (ms: number, lang: Language) =>
  new Intl.DateTimeFormat(lang === 'hk' ? 'zh-HK' : lang === 'zh' ? 'zh-CN' : lang === 'ar' ? 'ar-u-nu-latn' : lang, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(ms));

/** The rate as a percentage per day: "0.0005" → "0.05 %". Exact (decimal shift, no float). */
export function ratePercent(rate: string): string {
  const [int = '0', frac = ''] = rate.split('.');
  const digits = `${int}${frac.padEnd(2, '0')}`;
  const whole = digits.slice(0, int.length + 2).replace(/^0+(?=\d)/, '');
  const rest = digits.slice(int.length + 2).replace(/0+$/, '');
  return `${whole}${rest ? `.${rest}` : ''} %`;
}

/** The agreement PDF and the language it is written in (English where the fonts are missing). */
export async function agreementPdf(input: AgreementInput): Promise<{ pdf: Uint8Array; lang: Language }> {
  const lang: Language = canWrite(input.lang) ? input.lang : 'en';
  const doc = await PDFDocument.create();
  doc.setTitle(`${errorMessage(lang, 90001)} ${input.loanNo}`);
  doc.setCreator(input.lender);
  doc.setProducer('pdf-lib');
  doc.setCreationDate(new Date(input.date));
  doc.setModificationDate(new Date(input.date));
  doc.setLanguage(lang === 'hk' ? 'zh-HK' : lang);
  let regular: Face[];
  let bold: Face[];
  if (canWrite(lang)) {
    const files = fontFiles(lang);
    regular = await embedFaces(doc, files.regular);
    bold = await embedFaces(doc, files.bold);
  } else {
    // No Noto fonts on this system: Helvetica (WinAnsi), English only.
    const helv = await doc.embedFont(StandardFonts.Helvetica);
    const helvBold = await doc.embedFont(StandardFonts.HelveticaBold);
    const winAnsi = (cp: number) => cp >= 0x20 && cp <= 0xff;
    regular = [{ pdf: helv, has: winAnsi }];
    bold = [{ pdf: helvBold, has: winAnsi }];
  }
  const rtl = lang === 'ar';
  const w: Writer = { page: doc.addPage(PAGE), y: PAGE[1] - MARGIN };
  const width = PAGE[0] - 2 * MARGIN;
  const safe = (s: string) => (canWrite(lang) ? s : s.replace(/[^\x20-\xff]/g, '?'));

  const paragraph = (text: string, size: number, faces: Face[], gap = 8) => {
    for (const line of wrap(safe(text), lang, faces, size, width)) {
      if (w.y < MARGIN + size) {
        w.page = doc.addPage(PAGE);
        w.y = PAGE[1] - MARGIN;
      }
      drawLine(w, line, { faces, size, rtl });
      w.y -= size * 1.5;
    }
    w.y -= gap;
  };

  const t = input.terms;
  const money = (v: string) => `${v} ${input.currency}`;
  paragraph(errorMessage(lang, 90001), 20, bold, 4);
  paragraph(`${errorMessage(lang, 'loan.pdf.reference')}: ${input.loanNo}`, 10, regular, 10);
  const params = {
    date: dateText(input.date, lang),
    lender: input.lender,
    borrower: input.borrower,
    principal: money(t.principal),
  };
  for (const code of [90002, 90003, 90004, 90005]) paragraph(errorMessage(lang, code, params), 11, regular);

  paragraph(errorMessage(lang, 'loan.pdf.terms'), 13, bold, 2);
  const rows: [string, string][] = [
    [errorMessage(lang, 'loan.pdf.amount'), money(t.principal)],
    [errorMessage(lang, 'loan.pdf.term'), errorMessage(lang, 'loan.pdf.termValue', { days: t.termDays })],
    [errorMessage(lang, 'loan.pdf.dailyRate'), ratePercent(t.dailyRate)],
    [errorMessage(lang, 'loan.pdf.freeDays'), String(t.freeDays)],
    [errorMessage(lang, 'loan.pdf.totalInterest'), money(t.totalInterest)],
    [errorMessage(lang, 'loan.pdf.repaymentDate'), dateText(t.repaymentDate, lang)],
    [errorMessage(lang, 'loan.pdf.totalRepayment'), money(t.totalRepayment)],
  ];
  const rowH = 20;
  for (const [label, value] of rows) {
    const top = w.y + 14;
    w.page.drawRectangle({
      x: MARGIN,
      y: top - rowH,
      width,
      height: rowH,
      borderColor: rgb(0.8, 0.8, 0.82),
      borderWidth: 0.5,
    });
    const half = width / 2;
    // Right to left: the label on the right, its value on the left.
    drawLine(w, safe(label), {
      faces: regular,
      size: 10,
      rtl,
      x: rtl ? MARGIN + half + 6 : MARGIN + 6,
      width: half - 12,
    });
    drawLine(w, safe(value), {
      faces: regular,
      size: 10,
      rtl,
      x: rtl ? MARGIN + 6 : MARGIN + half + 6,
      width: half - 12,
    });
    w.y -= rowH;
  }
  w.y -= 10;
  paragraph(errorMessage(lang, 'loan.pdf.datesNote'), 9, regular, 14);

  // The signature, scaled into a 200 × 80 box.
  if (w.y < MARGIN + 120) {
    w.page = doc.addPage(PAGE);
    w.y = PAGE[1] - MARGIN;
  }
  paragraph(`${errorMessage(lang, 'loan.pdf.signature')}: ${input.borrower}`, 11, bold, 4);
  const img = await doc.embedPng(input.signaturePng);
  const scale = Math.min(200 / img.width, 80 / img.height, 1);
  const iw = img.width * scale;
  const ih = img.height * scale;
  w.page.drawImage(img, { x: rtl ? PAGE[0] - MARGIN - iw : MARGIN, y: w.y - ih + 10, width: iw, height: ih });
  w.page.drawLine({
    start: { x: rtl ? PAGE[0] - MARGIN - 220 : MARGIN, y: w.y - ih + 6 },
    end: { x: rtl ? PAGE[0] - MARGIN : MARGIN + 220, y: w.y - ih + 6 },
    thickness: 0.5,
    color: rgb(0.5, 0.5, 0.55),
  });
  return { pdf: await doc.save(), lang };
}
