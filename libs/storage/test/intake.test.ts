import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { intakePhoto, MAX_PHOTO_BYTES, PhotoRejected, sniffImageType } from '../src';
import { jpegWithGps, png } from './images';

const rejection = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PhotoRejected);
  return (err as PhotoRejected).code;
};

describe('photo intake', () => {
  it('takes a real JPEG and drops its EXIF, GPS included', async () => {
    const input = await jpegWithGps();
    const before = await sharp(input).metadata();
    expect(before.exif?.toString('latin1')).toContain('WGS-84');
    expect(before.exif?.toString('latin1')).toContain('VereTestCam');

    const out = await intakePhoto(input);
    expect(out.contentType).toBe('image/jpeg');
    const after = await sharp(out.bytes).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    // Nowhere in the stored bytes, not only absent from the parsed metadata.
    const stored = out.bytes.toString('latin1');
    expect(stored).not.toContain('Exif\0\0');
    expect(stored).not.toContain('WGS-84');
    expect(stored).not.toContain('VereTestCam');
    expect([out.width, out.height]).toEqual([640, 480]);
  });

  it('turns the photo upright by its EXIF orientation before dropping it', async () => {
    const out = await intakePhoto(await jpegWithGps(200, 100, 6));
    expect([out.width, out.height]).toEqual([100, 200]);
    expect((await sharp(out.bytes).metadata()).orientation).toBeUndefined();
  });

  it('takes a PNG with transparency and stores a JPEG', async () => {
    const out = await intakePhoto(await png());
    expect((await sharp(out.bytes).metadata()).format).toBe('jpeg');
    expect([out.width, out.height]).toEqual([300, 200]);
  });

  it('caps the longest side at 2048 px', async () => {
    const big = await sharp({ create: { width: 4000, height: 1000, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const out = await intakePhoto(big);
    expect([out.width, out.height]).toEqual([2048, 512]);
  });

  it('refuses a text file renamed .jpg, whatever it claims', async () => {
    expect(await rejection(intakePhoto(Buffer.from('hello, I am not a photo.jpg\n'.repeat(20))))).toBe(
      'PHOTO_TYPE_NOT_ALLOWED',
    );
  });

  it('refuses an SVG and a PDF (not on the list even though libvips could read some)', async () => {
    expect(
      await rejection(intakePhoto(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'))),
    ).toBe('PHOTO_TYPE_NOT_ALLOWED');
    expect(await rejection(intakePhoto(Buffer.from('%PDF-1.4\n%âãÏÓ\n')))).toBe('PHOTO_TYPE_NOT_ALLOWED');
  });

  it('refuses a JPEG header followed by garbage as unreadable', async () => {
    expect(
      await rejection(intakePhoto(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]))),
    ).toBe('PHOTO_UNREADABLE');
  });

  it('refuses more than 10 MiB, and a small file that unpacks to too many pixels', async () => {
    const tooBig = Buffer.concat([await jpegWithGps(), Buffer.alloc(MAX_PHOTO_BYTES)]);
    expect(await rejection(intakePhoto(tooBig))).toBe('PHOTO_TOO_LARGE');
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(MAX_PHOTO_BYTES);
    expect(await rejection(intakePhoto(bomb))).toBe('PHOTO_TOO_LARGE');
  });

  it('refuses an 8,000 × 8,000 PNG (64 MP, 186 KB): more pixels than a phone photo, before decoding it', async () => {
    const huge = await sharp({ create: { width: 8_000, height: 8_000, channels: 3, background: '#234' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(1024 * 1024);
    const err = await intakePhoto(huge).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(PhotoRejected);
    expect((err as PhotoRejected).code).toBe('PHOTO_TOO_LARGE');
    expect((err as PhotoRejected).message).toMatch(/megapixels/);
  });

  it('takes a 48 MP phone photo (8,064 × 6,048)', async () => {
    const phone = await sharp({ create: { width: 8_064, height: 6_048, channels: 3, background: '#468' } })
      .jpeg()
      .toBuffer();
    const out = await intakePhoto(phone);
    expect([out.width, out.height]).toEqual([2048, 1536]);
  });

  it('decodes at most two photos at a time: parallel uploads wait their turn', async () => {
    const photos = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        sharp({ create: { width: 3_000 + i, height: 2_000, channels: 3, background: '#789' } })
          .png()
          .toBuffer(),
      ),
    );
    let busiest = 0;
    const sample = setInterval(() => {
      busiest = Math.max(busiest, sharp.counters().process + sharp.counters().queue);
    }, 1);
    try {
      const out = await Promise.all(photos.map((photo) => intakePhoto(photo)));
      expect(out).toHaveLength(8);
    } finally {
      clearInterval(sample);
    }
    expect(busiest).toBeGreaterThan(0);
    expect(busiest).toBeLessThanOrEqual(2);
  });

  it("keeps no decoded images in libvips' cache between uploads", () => {
    const { memory, items } = sharp.cache();
    expect(memory.max).toBe(0);
    expect(items.max).toBe(0);
  });

  it('refuses an empty file', async () => {
    expect(await rejection(intakePhoto(Buffer.alloc(0)))).toBe('PHOTO_UNREADABLE');
  });

  it('sniffs types by magic number', async () => {
    expect(sniffImageType(await jpegWithGps())).toBe('jpeg');
    expect(sniffImageType(await png())).toBe('png');
    expect(
      sniffImageType(
        await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
          .webp()
          .toBuffer(),
      ),
    ).toBe('webp');
    expect(
      sniffImageType(
        await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
      ),
    ).toBe('gif');
    expect(sniffImageType(Buffer.from('GIF'))).toBeNull();
  });
});
