import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { intakePhoto, MAX_PHOTO_BYTES, PhotoRejected, sniffImageType } from '../src';
import { jpegWithGps, png } from './images';

const rejection = async (p: Promise<unknown>) => {
  const err = await p.then(() => null, (e: unknown) => e);
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
    const big = await sharp({ create: { width: 4000, height: 1000, channels: 3, background: '#888' } }).jpeg().toBuffer();
    const out = await intakePhoto(big);
    expect([out.width, out.height]).toEqual([2048, 512]);
  });

  it('refuses a text file renamed .jpg, whatever it claims', async () => {
    expect(await rejection(intakePhoto(Buffer.from('hello, I am not a photo.jpg\n'.repeat(20))))).toBe('PHOTO_TYPE_NOT_ALLOWED');
  });

  it('refuses an SVG and a PDF (not on the list even though libvips could read some)', async () => {
    expect(await rejection(intakePhoto(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')))).toBe('PHOTO_TYPE_NOT_ALLOWED');
    expect(await rejection(intakePhoto(Buffer.from('%PDF-1.4\n%âãÏÓ\n')))).toBe('PHOTO_TYPE_NOT_ALLOWED');
  });

  it('refuses a JPEG header followed by garbage as unreadable', async () => {
    expect(await rejection(intakePhoto(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)])))).toBe('PHOTO_UNREADABLE');
  });

  it('refuses more than 10 MiB, and a small file that unpacks to too many pixels', async () => {
    const tooBig = Buffer.concat([await jpegWithGps(), Buffer.alloc(MAX_PHOTO_BYTES)]);
    expect(await rejection(intakePhoto(tooBig))).toBe('PHOTO_TOO_LARGE');
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(MAX_PHOTO_BYTES);
    expect(await rejection(intakePhoto(bomb))).toBe('PHOTO_TOO_LARGE');
  });

  it('refuses an empty file', async () => {
    expect(await rejection(intakePhoto(Buffer.alloc(0)))).toBe('PHOTO_UNREADABLE');
  });

  it('sniffs types by magic number', async () => {
    expect(sniffImageType(await jpegWithGps())).toBe('jpeg');
    expect(sniffImageType(await png())).toBe('png');
    expect(sniffImageType(await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } }).webp().toBuffer())).toBe('webp');
    expect(sniffImageType(await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } }).gif().toBuffer())).toBe('gif');
    expect(sniffImageType(Buffer.from('GIF'))).toBeNull();
  });
});
