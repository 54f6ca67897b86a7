import { useState } from 'react';
import { aspectRatioValue, coverSizes, coverSrcSet, thumbnailUrl, type AspectRatio, type CoverBox } from '@app/contract';
import { fileHref } from '../lib/file-url';

/** width/height attributes with the cover's own shape, so its place is known before it loads. */
function intrinsicSize(aspectRatio: AspectRatio): { width: number; height: number } {
  const ratio = aspectRatioValue(aspectRatio);
  return ratio >= 1 ? { width: 640, height: Math.round(640 / ratio) } : { width: Math.round(640 * ratio), height: 640 };
}

interface Props {
  /** The full cover (a poster's source; shown as is when there are no thumbnails). */
  src: string;
  className?: string;
  /** The API's `coverThumbUrl`: when set, a right-sized WebP (JPEG where WebP is not read) instead of the full frame. */
  thumbUrl?: string;
  aspectRatio?: AspectRatio;
  box?: CoverBox;
  /** One of the first covers on screen (首页: FIRST_COVERS): fetched at once with high priority; the others wait until near the viewport. */
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
      <source type="image/webp" srcSet={coverSrcSet(thumbUrl, 'webp', fileHref)} sizes={sizes} />
      <img
        className={`cr-cover ${className}`}
        src={fileHref(thumbnailUrl(thumbUrl, 320, 'jpg'))}
        srcSet={coverSrcSet(thumbUrl, 'jpg', fileHref)}
        sizes={sizes}
        {...intrinsicSize(aspectRatio)}
        alt=""
        {...loading}
      />
    </picture>
  );
}
