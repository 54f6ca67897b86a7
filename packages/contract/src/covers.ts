import { THUMBNAIL_WIDTHS, thumbnailUrl, type AspectRatio, type ThumbnailFormat } from './limits';

/**
 * How a cover is drawn — the thumbnails offered (`srcset`) and the width it takes (`sizes`) — written
 * once for the app, which draws it (remote-create's `Cover`), and the server, whose page for `/`
 * preloads 首页's first covers: a preload is only taken when its `imagesrcset` and `imagesizes` are
 * the image's own.
 */

/**
 * Where a cover is drawn, so the browser picks the thumbnail width it needs: the box's width as a
 * share of the screen (the 375 px design scales with it up to 960 px: docs/product.md "Scaling")
 * and the box's shape (width / height); the cover fills it (object-fit: cover).
 */
export const COVER_BOXES = {
  /** 首页's gallery: two columns of 3:4 cards, (375 − 2 × 16 − 12) / 2 design px wide. */
  card: { share: (375 - 44) / 2 / 375, aspect: 3 / 4 },
  /** 我的创作: a 5.5rem square. */
  list: { share: 88 / 375, aspect: 1 },
  /** 极速生成视频's template choice: a 4.5rem square. */
  option: { share: 72 / 375, aspect: 1 },
} as const;
export type CoverBox = keyof typeof COVER_BOXES;
const MAX_WIDTH = 960;

/** The covers 首页's gallery fetches at once, with high priority (its first row); the others wait until near the viewport. */
export const FIRST_COVERS = 2;

export function aspectRatioValue(aspectRatio: AspectRatio): number {
  const [w, h] = aspectRatio.split(':').map(Number);
  return w! / h!;
}

/** The `sizes` of a cover of `aspectRatio` filling `box`: wider than the box when the cover is wider than it. */
export function coverSizes(box: CoverBox, aspectRatio: AspectRatio): string {
  const { share, aspect } = COVER_BOXES[box];
  const drawn = share * Math.max(1, aspectRatioValue(aspectRatio) / aspect);
  return `(min-width: ${MAX_WIDTH}px) ${Math.ceil(drawn * MAX_WIDTH)}px, ${Math.ceil(drawn * 1000) / 10}vw`;
}

/** The `srcset` of a cover's thumbnails in `format`, each address through `href` (e.g. the API's own host). */
export function coverSrcSet(coverThumbUrl: string, format: ThumbnailFormat, href: (url: string) => string = (url) => url): string {
  return THUMBNAIL_WIDTHS.map((width) => `${href(thumbnailUrl(coverThumbUrl, width, format))} ${width}w`).join(', ');
}
