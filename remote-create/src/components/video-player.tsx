import type { AspectRatio } from '@app/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fileHref } from '../lib/file-url';

/** docs/product.md "Constants and limits": the controls hide 3 s after the last touch. */
export const CONTROLS_HIDE_MS = 3000;

interface Props {
  src: string;
  poster?: string;
  aspectRatio: AspectRatio;
  /** Start playing as soon as it can (a template's sample, a video that just finished). */
  autoPlay?: boolean;
  loop?: boolean;
  label: string;
}

/**
 * A video whose controls show on a touch and hide 3 s after the last one. Autoplay tries with
 * sound first; a browser that refuses it (no gesture yet) gets it muted rather than not at all.
 */
export function VideoPlayer({ src, poster, aspectRatio, autoPlay = false, loop = false, label }: Props) {
  const video = useRef<HTMLVideoElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [controls, setControls] = useState(true);

  const touched = useCallback(() => {
    setControls(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setControls(false), CONTROLS_HIDE_MS);
  }, []);

  useEffect(() => {
    touched();
    return () => clearTimeout(timer.current);
  }, [src, touched]);

  useEffect(() => {
    const el = video.current;
    if (!autoPlay || !el) return;
    el.play()?.catch(() => {
      el.muted = true;
      return el.play()?.catch(() => undefined);
    });
  }, [src, autoPlay]);

  return (
    <div
      className={`cr-player cr-player--${aspectRatio.replace(':', 'x')}`}
      onPointerDown={touched}
      onKeyDown={touched}
      data-controls={controls ? 'shown' : 'hidden'}
    >
      <video ref={video} src={fileHref(src)} poster={poster ? fileHref(poster) : undefined} controls={controls} playsInline loop={loop} preload="metadata" aria-label={label} />
    </div>
  );
}
