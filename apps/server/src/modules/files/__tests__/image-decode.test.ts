import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkImage, ImageRefused, MAX_PIXELS, THUMBNAIL_PX } from '../image-decode.ts';
import { createJpeg2000Decoder, Jpeg2000Error } from '../jpeg2000.ts';
import { H, makeJ2c, makeJp2, makeJpeg, makePng, pattern, W } from './images.ts';

const jpeg2000 = createJpeg2000Decoder();
afterAll(() => jpeg2000.close());

const check = (bytes: Buffer, thumbnail = false) => checkImage(bytes, { thumbnail, jpeg2000 });

async function refusal(bytes: Buffer): Promise<string> {
  const err = await check(bytes).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ImageRefused);
  return (err as ImageRefused).reason;
}

/** A comment segment holding an end-of-image marker, so a cut JPEG still passes the structural check. */
const withCommentEoi = (jpeg: Buffer) =>
  Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe, 0x00, 0x04, 0xff, 0xd9]), jpeg.subarray(2)]);

describe('checkImage', () => {
  let png: Buffer;
  let jpeg: Buffer;
  let jp2: Buffer;
  beforeAll(async () => {
    [png, jpeg, jp2] = await Promise.all([makePng(), makeJpeg(), makeJp2()]);
  });

  it('accepts PNG and JPEG as they are, with their size', async () => {
    expect(await check(png)).toMatchObject({ kind: 'png', width: W, height: H, rendition: null, thumbnail: null });
    expect(await check(jpeg)).toMatchObject({ kind: 'jpeg', width: W, height: H, rendition: null, thumbnail: null });
  });

  it('renders a JPEG 2000 as a PNG with the very same pixels (lossless)', async () => {
    const checked = await check(jp2);
    expect(checked).toMatchObject({ kind: 'jp2', mime: 'image/jp2', width: W, height: H });
    const { data, info } = await sharp(checked.rendition!).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ format: 'raw', width: W, height: H, channels: 3 });
    expect(data.equals(pattern())).toBe(true);
    expect((await sharp(checked.rendition!).metadata()).format).toBe('png');
  });

  it('makes a thumbnail when asked, of any format', async () => {
    const big = await makePng(800, 400);
    const thumb = (await check(big, true)).thumbnail!;
    expect(await sharp(thumb).metadata()).toMatchObject({ format: 'png', width: THUMBNAIL_PX, height: 160 });
    // Never enlarged.
    expect(await sharp((await check(jp2, true)).thumbnail!).metadata()).toMatchObject({ width: W, height: H });
  });

  it('refuses a JPEG whose image data is cut short, even when an end marker survives', async () => {
    const marked = withCommentEoi(jpeg);
    expect((await check(marked)).kind).toBe('jpeg');
    for (const keep of [0.3, 0.7, 0.99]) {
      expect(await refusal(marked.subarray(0, Math.floor(marked.length * keep)))).toBe('format');
    }
  });

  it('refuses a PNG whose compressed data is broken', async () => {
    const idat = png.indexOf('IDAT');
    const broken = Buffer.from(png);
    broken.fill(0x55, idat + 8, idat + 40);
    expect(await refusal(broken)).toBe('format');
  });

  it('refuses a JPEG 2000 whose codestream is broken inside', async () => {
    const broken = Buffer.from(jp2);
    const sod = broken.lastIndexOf(Buffer.from([0xff, 0x93]));
    broken.fill(0x00, sod - 40, broken.length - 2);
    expect(await refusal(broken)).toBe('format');
  });

  it('refuses a JPEG 2000 with other than 1 or 3 components (this decoder build throws on them)', async () => {
    expect(await refusal(await makeJp2({ channels: 4 }))).toBe('format');
    await expect(jpeg2000.decode(await makeJ2c({ channels: 4 }))).rejects.toThrow(Jpeg2000Error);
    // ...and the worker goes on with a fresh codec.
    expect((await jpeg2000.decode(await makeJ2c())).width).toBe(W);
  });

  it('refuses images declaring more pixels than allowed, before decoding them', async () => {
    const huge = Buffer.from(png);
    huge.writeUInt32BE(10_000, 16);
    huge.writeUInt32BE(10_000, 20);
    expect(10_000 * 10_000).toBeGreaterThan(MAX_PIXELS);
    expect(await refusal(huge)).toBe('too-large');
    const hugeJ2k = await makeJ2c();
    hugeJ2k.writeUInt32BE(20_000, 8);
    hugeJ2k.writeUInt32BE(20_000, 12);
    expect(await refusal(hugeJ2k)).toBe('too-large');
  });
});

describe('JPEG 2000 decoder', () => {
  it('decodes grey and deeper samples to 8 bits', async () => {
    const grey = await jpeg2000.decode(await makeJ2c({ channels: 1 }));
    expect(grey).toMatchObject({ width: W, height: H, channels: 1 });
    expect(grey.pixels.equals(pattern(W, H, 1))).toBe(true);
    // 12-bit samples 0..4095 (two bytes each) come out scaled to 0..255.
    const deep = new Uint8Array(W * H * 2);
    const view = new DataView(deep.buffer);
    for (let i = 0; i < W * H; i++) view.setUint16(i * 2, (i * 37) % 4096, true);
    const decoded = await jpeg2000.decode(await makeJ2c({ channels: 1, bits: 12, samples: deep }));
    expect([...decoded.pixels.subarray(0, 3)]).toEqual([
      0,
      Math.round((37 * 255) / 4095),
      Math.round((74 * 255) / 4095),
    ]);
  });

  it('answers decodes asked at once each with its own image, and refuses what does not decode', async () => {
    const [a, b, bad] = await Promise.allSettled([
      jpeg2000.decode(await makeJ2c({ width: 8, height: 4 })),
      jpeg2000.decode(await makeJ2c({ width: 4, height: 8 })),
      jpeg2000.decode(Buffer.from('not a codestream')),
    ]);
    expect(a.status === 'fulfilled' && a.value.width).toBe(8);
    expect(b.status === 'fulfilled' && b.value.width).toBe(4);
    expect(bad.status === 'rejected' && bad.reason).toBeInstanceOf(Jpeg2000Error);
  });

  it('starts a fresh worker after close, and gives up on a decode past its deadline', async () => {
    const own = createJpeg2000Decoder();
    expect((await own.decode(await makeJ2c())).width).toBe(W);
    await own.close();
    expect((await own.decode(await makeJ2c())).width).toBe(W);
    await own.close();
    const hasty = createJpeg2000Decoder({ timeoutMs: 1 });
    await expect(hasty.decode(await makeJ2c())).rejects.toThrow(/no answer within 1 ms/);
    await hasty.close();
  });
});
