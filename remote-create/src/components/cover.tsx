import { useState } from 'react';
import { fileHref } from '../lib/file-url';

/**
 * A video's cover, or a drawn placeholder when there is none yet (a template without a sample, a
 * task still rendering) or it fails to load. `data-loaded` marks the moment it is on screen.
 */
export function Cover({ src, className = '' }: { src: string; className?: string }) {
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
  return (
    <img
      className={`cr-cover ${className}`}
      src={fileHref(src)}
      alt=""
      decoding="async"
      data-loaded={state === 'loaded' ? '' : undefined}
      onLoad={() => setState('loaded')}
      onError={() => setState('failed')}
    />
  );
}
