/** The longest side of an avatar as uploaded: shown at 3.5rem at most, 512 px is plenty at 3×. */
export const AVATAR_MAX_SIDE = 512;

const KEEPS_TYPE = new Set(['image/jpeg', 'image/png', 'image/webp']);

export interface SquareCrop {
  /** The square taken from the picture: its top left corner and side, in the picture's pixels. */
  sx: number;
  sy: number;
  side: number;
  /** The side of the avatar drawn from it. */
  size: number;
}

/** The centre square of a width × height picture, drawn at most `max` pixels a side. */
export function squareCrop(width: number, height: number, max = AVATAR_MAX_SIDE): SquareCrop {
  const side = Math.min(width, height);
  return { sx: Math.floor((width - side) / 2), sy: Math.floor((height - side) / 2), side, size: Math.min(side, max) };
}

/**
 * The picture as an avatar: its centre square (a tall photo loses its top and bottom, a wide one
 * its sides), at most 512 px a side, drawn in the browser before upload, in the picture's own
 * format. A type the store would refuse passes through unchanged, for the upload to name the
 * problem; a picture the browser cannot read rejects with a message for the user.
 */
export async function squareAvatar(file: File): Promise<File> {
  if (!KEEPS_TYPE.has(file.type)) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error('图片无法读取，请换一张');
  }
  try {
    const { sx, sy, side, size } = squareCrop(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('图片处理失败，请稍后重试');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, sx, sy, side, side, 0, 0, size, size);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, file.type, 0.9));
    if (!blob) throw new Error('图片处理失败，请稍后重试');
    return new File([blob], file.name, { type: blob.type || file.type });
  } finally {
    bitmap.close();
  }
}
