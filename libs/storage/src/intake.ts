import sharp, { type Metadata } from 'sharp';

/** The largest upload taken: 10 MiB. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/**
 * The most pixels an upload may have: a phone photo (48 MP sensors shoot 8,064 × 6,048) and no
 * more. Decoding costs 3–4 bytes a pixel whatever the file's size: a 186 KB PNG of 8,000 × 8,000
 * unpacks to 192 MB.
 */
export const MAX_PHOTO_PIXELS = 50_000_000;

/** Photos decoded at once in this process; further uploads wait their turn (memory, not time, is what runs out). */
export const PHOTO_DECODES_AT_ONCE = 2;

// libvips keeps recently decoded images and operations in a cache (up to 50 MB and 100
// operations by default) that only helps when the same image is read again, which an intake never
// does; and a thread pool per image, each thread with its own buffers. One thread per decode slot,
// nothing cached: memory stays near idle whatever the uploads.
sharp.cache(false);
sharp.concurrency(1);

/** The largest upload request: the photo plus its multipart framing (boundaries, part headers). What the edges let through. */
export const MAX_PHOTO_REQUEST_BYTES = MAX_PHOTO_BYTES + 64 * 1024;

export type PhotoRejection = 'PHOTO_TOO_LARGE' | 'PHOTO_TYPE_NOT_ALLOWED' | 'PHOTO_UNREADABLE';

/** Why an upload was refused; `code` is the API's stable error code. */
export class PhotoRejected extends Error {
  override name = 'PhotoRejected';
  constructor(
    readonly code: PhotoRejection,
    message: string,
  ) {
    super(message);
  }
}

export interface IntakeOptions {
  /** Default MAX_PHOTO_BYTES. */
  maxBytes?: number;
  /** The longest side after re-encoding; default 2048 px. */
  maxDimension?: number;
  /** Images with more pixels are refused before decoding (a small file can unpack to gigabytes); default MAX_PHOTO_PIXELS. */
  maxInputPixels?: number;
}

export interface AcceptedPhoto {
  bytes: Buffer;
  contentType: 'image/jpeg';
  width: number;
  height: number;
}

type Sniffed = 'jpeg' | 'png' | 'gif' | 'webp' | 'heif';

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/** The image type the bytes say they are (their magic number), whatever the file's name or declared type. */
export function sniffImageType(bytes: Buffer): Sniffed | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return 'gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (
    bytes.length >= 12 &&
    ascii(bytes, 4, 8) === 'ftyp' &&
    /^(avif|avis|heic|heix|heim|heis|hevc|hevx|mif1|msf1)$/.test(ascii(bytes, 8, 12))
  )
    return 'heif';
  return null;
}

/** What libvips calls each sniffed type (it must agree, or the bytes are not what they claim). */
const SHARP_FORMATS: Record<Sniffed, string[]> = {
  jpeg: ['jpeg'],
  png: ['png'],
  gif: ['gif'],
  webp: ['webp'],
  heif: ['heif'],
};

/** Runs at most `limit` tasks at once; the others wait in the order they came. */
export function limiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running < limit) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve)); // a finishing task hands over its slot
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

const decodeSlot = limiter(PHOTO_DECODES_AT_ONCE);

/**
 * Upload bodies read at once in this process: the ones decoding and as many read ahead. An upload
 * waiting for a slot is not read (TCP holds it back at the sender), so twelve 48 MP phone photos at
 * once cost four bodies of memory, not twelve.
 */
export const PHOTO_BODIES_AT_ONCE = PHOTO_DECODES_AT_ONCE * 2;

/**
 * Runs `receive` (read the body, then take it with `intakePhoto`) once one of PHOTO_BODIES_AT_ONCE
 * slots is free; uploads wait their turn in the order they came.
 */
export const withPhotoBodySlot: <T>(receive: () => Promise<T>) => Promise<T> = limiter(PHOTO_BODIES_AT_ONCE);

/**
 * Takes an uploaded image: checks its size and its type by its bytes, then re-encodes it as JPEG,
 * turned upright by its EXIF orientation, at most `maxDimension` on its longest side, with every
 * metadata block (EXIF with GPS, XMP, IPTC, ICC) dropped. What is stored is only what this returns.
 * At most PHOTO_DECODES_AT_ONCE photos are read at a time: parallel uploads queue for a slot.
 */
export async function intakePhoto(bytes: Buffer, opts: IntakeOptions = {}): Promise<AcceptedPhoto> {
  const maxBytes = opts.maxBytes ?? MAX_PHOTO_BYTES;
  if (bytes.length > maxBytes)
    throw new PhotoRejected('PHOTO_TOO_LARGE', `The photo is larger than ${Math.floor(maxBytes / 1024 / 1024)} MB.`);
  if (bytes.length === 0) throw new PhotoRejected('PHOTO_UNREADABLE', 'The photo is empty.');
  const sniffed = sniffImageType(bytes);
  if (!sniffed)
    throw new PhotoRejected('PHOTO_TYPE_NOT_ALLOWED', 'Please choose a JPEG, PNG, WebP, GIF or HEIF/AVIF image.');
  return decodeSlot(() => reencode(bytes, sniffed, opts));
}

async function reencode(bytes: Buffer, sniffed: Sniffed, opts: IntakeOptions): Promise<AcceptedPhoto> {
  const maxDimension = opts.maxDimension ?? 2048;
  const maxInputPixels = opts.maxInputPixels ?? MAX_PHOTO_PIXELS;
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRejected('PHOTO_UNREADABLE', 'The photo could not be read.');
  }
  if (!SHARP_FORMATS[sniffed].includes(meta.format ?? ''))
    throw new PhotoRejected('PHOTO_TYPE_NOT_ALLOWED', 'Please choose a JPEG, PNG, WebP, GIF or HEIF/AVIF image.');
  if (!meta.width || !meta.height) throw new PhotoRejected('PHOTO_UNREADABLE', 'The photo could not be read.');
  if (meta.width * meta.height > maxInputPixels) {
    throw new PhotoRejected(
      'PHOTO_TOO_LARGE',
      `The photo has more than ${Math.floor(maxInputPixels / 1_000_000)} megapixels. Please choose a smaller one.`,
    );
  }

  try {
    // Output carries no metadata unless asked (no withMetadata/keepExif here): EXIF, GPS, XMP and ICC are all dropped.
    const { data, info } = await sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'error' })
      .autoOrient()
      .resize({ width: maxDimension, height: maxDimension, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: 'image/jpeg', width: info.width, height: info.height };
  } catch {
    // A HEIC (HEVC) photo: the bundled libvips decodes AVIF but not HEVC.
    if (sniffed === 'heif')
      throw new PhotoRejected('PHOTO_TYPE_NOT_ALLOWED', 'This HEIF photo cannot be read; please choose a JPEG or PNG.');
    throw new PhotoRejected('PHOTO_UNREADABLE', 'The photo could not be read.');
  }
}
