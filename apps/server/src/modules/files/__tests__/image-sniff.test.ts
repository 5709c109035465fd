import { beforeAll, describe, expect, it } from 'vitest';
import { sniffImage } from '../image-sniff.ts';
import { GIF, H, makeJ2c, makeJp2, makeJpeg, makePng, noise, PDF, SVG, W } from './images.ts';

describe('sniffImage', () => {
  let png: Buffer;
  let jpeg: Buffer;
  let jp2: Buffer;
  let j2c: Buffer;
  beforeAll(async () => {
    [png, jpeg, jp2, j2c] = await Promise.all([makePng(), makeJpeg(), makeJp2(), makeJ2c()]);
  });

  it('recognises PNG, JPEG and JPEG 2000 (JP2 file and bare codestream) by their bytes', () => {
    expect(sniffImage(png)).toEqual({ kind: 'png', mime: 'image/png', ext: 'png', width: W, height: H });
    expect(sniffImage(jpeg)).toEqual({ kind: 'jpeg', mime: 'image/jpeg', ext: 'jpg' });
    expect(sniffImage(jp2)).toEqual({ kind: 'jp2', mime: 'image/jp2', ext: 'jp2', width: W, height: H });
    expect(sniffImage(j2c)).toEqual({ kind: 'j2c', mime: 'image/j2c', ext: 'j2c', width: W, height: H });
  });

  it('refuses other formats, whatever they would be called', () => {
    for (const bytes of [PDF, SVG, GIF, Buffer.alloc(0), Buffer.from('hello'), noise(4096)]) {
      expect(sniffImage(bytes)).toBeNull();
    }
    // WebP, TIFF and BMP: images, but not the formats the platform takes.
    expect(sniffImage(Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1'))).toBeNull();
    expect(sniffImage(Buffer.from('II*\x00\x08\x00\x00\x00', 'latin1'))).toBeNull();
    expect(sniffImage(Buffer.from('BM\x1e\x00\x00\x00', 'latin1'))).toBeNull();
  });

  it('refuses every PNG and JPEG 2000 cut short, at any length', () => {
    for (const whole of [png, jp2, j2c]) {
      for (let n = 0; n < whole.length; n++) expect(sniffImage(whole.subarray(0, n)), `${n} bytes`).toBeNull();
    }
  });

  it('refuses a JPEG without its end marker (the decoder finds cuts that keep one)', () => {
    expect(sniffImage(jpeg.subarray(0, jpeg.length - 2))).toBeNull();
    expect(sniffImage(jpeg.subarray(0, 3))).toBeNull();
    // Bytes after the end marker are allowed: cameras put further images there.
    expect(sniffImage(Buffer.concat([jpeg, Buffer.from('trailer')]))?.kind).toBe('jpeg');
  });

  it('refuses a PNG with anything after IEND (a polyglot hides a second document there)', () => {
    expect(sniffImage(Buffer.concat([png, PDF]))).toBeNull();
  });

  it('refuses a PNG whose chunks do not add up or do not start with IHDR', () => {
    const longer = Buffer.from(png);
    longer.writeUInt32BE(longer.readUInt32BE(8) + 1000, 8);
    expect(sniffImage(longer)).toBeNull();
    const renamed = Buffer.from(png);
    renamed.write('IHDX', 12, 'latin1');
    expect(sniffImage(renamed)).toBeNull();
    const zero = Buffer.from(png);
    zero.writeUInt32BE(0, 16); // width 0
    expect(sniffImage(zero)).toBeNull();
  });

  it('refuses a JP2 whose boxes do not fit, lack the file type box or the codestream', () => {
    const bad = Buffer.from(jp2);
    bad.writeUInt32BE(bad.length * 2, 12); // the ftyp box claims more than the file
    expect(sniffImage(bad)).toBeNull();
    const noFtyp = Buffer.from(jp2);
    noFtyp.write('xxxx', 16, 'latin1');
    expect(sniffImage(noFtyp)).toBeNull();
    const noCodestream = Buffer.from(jp2);
    noCodestream.write('free', noCodestream.indexOf('jp2c'), 'latin1');
    expect(sniffImage(noCodestream)).toBeNull();
  });

  it('refuses a codestream with subsampled components or an empty image area', () => {
    const sub = Buffer.from(j2c);
    sub[42 + 3 + 1] = 2; // second component: one sample per two columns
    expect(sniffImage(sub)).toBeNull();
    const empty = Buffer.from(j2c);
    empty.writeUInt32BE(empty.readUInt32BE(8), 16); // horizontal offset = width
    expect(sniffImage(empty)).toBeNull();
  });
});
