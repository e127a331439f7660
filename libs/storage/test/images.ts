import sharp from 'sharp';

/** A real photo-like JPEG carrying EXIF with GPS coordinates and a camera make (what a phone writes). */
export async function jpegWithGps(width = 640, height = 480, orientation?: number): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } }).withExif({
    IFD0: { Make: 'VereTestCam', Model: 'Pocket 9' },
    IFD3: {
      GPSLatitudeRef: 'N',
      GPSLatitude: '51/1 30/1 1234/100',
      GPSLongitudeRef: 'W',
      GPSLongitude: '0/1 7/1 3999/100',
      GPSMapDatum: 'WGS-84',
    },
  });
  return (orientation ? image.withMetadata({ orientation }) : image).jpeg({ quality: 90 }).toBuffer();
}

export async function png(width = 300, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

/** Noise compresses badly: a JPEG of `width`² random pixels is a few megabytes. */
export async function noisyJpeg(width: number, height = width): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (Math.random() * 256) | 0;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer();
}
