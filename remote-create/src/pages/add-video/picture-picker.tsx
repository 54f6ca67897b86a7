import { useRef } from 'react';
import { PICTURES_MAX } from '@app/contract';
import type { Picture } from './use-pictures';

interface Props {
  pictures: Picture[];
  onAdd(files: File[]): void;
  onRemove(picture: Picture): void;
  onRetry(picture: Picture): void;
  /** A picture from a draft whose file the server no longer has (swept after UPLOAD_RETENTION_HOURS). */
  onMissing(picture: Picture): void;
}

/** Up to 9 pictures in a grid, each with its own upload progress, a remove button and, if it failed, a retry. */
export function PicturePicker({ pictures, onAdd, onRemove, onRetry, onMissing }: Props) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="cr-pictures">
      {pictures.map((p, i) => (
        <div key={p.id} className={`cr-picture cr-picture--${p.status}`} data-status={p.status}>
          <img src={p.preview} alt={`图片 ${i + 1}`} onError={() => !p.file && p.status === 'done' && onMissing(p)} />
          {p.status === 'uploading' && (
            <span className="cr-picture-mask" role="progressbar" aria-valuenow={p.progress} aria-valuemin={0} aria-valuemax={100}>
              {p.progress}%
            </span>
          )}
          {p.status === 'failed' && p.file && (
            <button type="button" className="cr-picture-mask" onClick={() => onRetry(p)} title={p.error}>
              上传失败
              <br />
              点击重试
            </button>
          )}
          {p.status === 'failed' && !p.file && (
            <button type="button" className="cr-picture-mask" onClick={() => onRemove(p)} title={p.error}>
              图片已失效
              <br />
              点击删除
            </button>
          )}
          {/* A 44×44 tap area in the corner; the small round × is drawn inside it. */}
          <button type="button" className="cr-picture-remove" aria-label={`删除图片 ${i + 1}`} onClick={() => onRemove(p)}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
      {pictures.length < PICTURES_MAX && (
        <button type="button" className="cr-picture cr-picture-add" onClick={() => input.current?.click()}>
          <span aria-hidden="true">+</span>
          <small>
            {pictures.length}/{PICTURES_MAX}
          </small>
        </button>
      )}
      <input
        ref={input}
        className="cr-picture-input"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple
        aria-label="选择图片"
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []);
          e.currentTarget.value = ''; // the same picture may be picked again after removing it
          if (files.length) onAdd(files);
        }}
      />
    </div>
  );
}
