import { useState } from 'react';
import { THUMBNAIL_WIDTHS, thumbnailUrl, type AspectRatio, type ThumbnailFormat } from '@app/contract';
import { fileHref } from '../lib/file-url';

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

function ratioOf(aspectRatio: AspectRatio): number {
  const [w, h] = aspectRatio.split(':').map(Number);
  return w! / h!;
}

/** The `sizes` of a cover of `aspectRatio` filling `box`: wider than the box when the cover is wider than it. */
export function coverSizes(box: CoverBox, aspectRatio: AspectRatio): string {
  const { share, aspect } = COVER_BOXES[box];
  const drawn = share * Math.max(1, ratioOf(aspectRatio) / aspect);
  return `(min-width: ${MAX_WIDTH}px) ${Math.ceil(drawn * MAX_WIDTH)}px, ${Math.ceil(drawn * 1000) / 10}vw`;
}

/** width/height attributes with the cover's own shape, so its place is known before it loads. */
function intrinsicSize(aspectRatio: AspectRatio): { width: number; height: number } {
  const ratio = ratioOf(aspectRatio);
  return ratio >= 1 ? { width: 640, height: Math.round(640 / ratio) } : { width: Math.round(640 * ratio), height: 640 };
}

function srcSet(thumbUrl: string, format: ThumbnailFormat): string {
  return THUMBNAIL_WIDTHS.map((width) => `${fileHref(thumbnailUrl(thumbUrl, width, format))} ${width}w`).join(', ');
}

interface Props {
  /** The full cover (a poster's source; shown as is when there are no thumbnails). */
  src: string;
  className?: string;
  /** The API's `coverThumbUrl`: when set, a right-sized WebP (JPEG where WebP is not read) instead of the full frame. */
  thumbUrl?: string;
  aspectRatio?: AspectRatio;
  box?: CoverBox;
  /** One of the first covers on screen: fetched at once with high priority; the others wait until near the viewport. */
  priority?: boolean;
}

/**
 * A video's cover, or a drawn placeholder when there is none yet (a template without a sample, a
 * task still rendering) or it fails to load. `data-loaded` marks the moment it is on screen.
 */
export function Cover({ src, className = '', thumbUrl = '', aspectRatio = '9:16', box = 'card', priority = false }: Props) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  if (!src || state === 'failed') {
    return (
      <div className={`cr-cover cr-cover--placeholder ${className}`} data-loaded="" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="32" height="32">
          <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
        </svg>
      </div>
    );
  }
  const loading = {
    loading: priority ? ('eager' as const) : ('lazy' as const),
    fetchPriority: priority ? ('high' as const) : undefined,
    decoding: 'async' as const,
    'data-loaded': state === 'loaded' ? '' : undefined,
    onLoad: () => setState('loaded'),
    onError: () => setState('failed'),
  };
  if (!thumbUrl) return <img className={`cr-cover ${className}`} src={fileHref(src)} alt="" {...loading} />;
  const sizes = coverSizes(box, aspectRatio);
  return (
    <picture className="cr-cover-picture">
      <source type="image/webp" srcSet={srcSet(thumbUrl, 'webp')} sizes={sizes} />
      <img
        className={`cr-cover ${className}`}
        src={fileHref(thumbnailUrl(thumbUrl, 320, 'jpg'))}
        srcSet={srcSet(thumbUrl, 'jpg')}
        sizes={sizes}
        {...intrinsicSize(aspectRatio)}
        alt=""
        {...loading}
      />
    </picture>
  );
}
