import { CAPTION_STYLES, type CaptionStyleId } from '@app/contract';

/** What each look is called and how it reads, as the renderer draws it (packages/engine caption-style.ts). */
export const CAPTION_STYLE_OPTIONS: Record<CaptionStyleId, { name: string; note: string }> = {
  template: { name: '跟随模板', note: '模板自带的字幕样式' },
  classic: { name: '经典', note: '底部深色条，白字' },
  bold: { name: '醒目', note: '中下方大号黄字' },
  subtitle: { name: '电影字幕', note: '最底部小号白字' },
};

/** 字幕样式: small cards, each a miniature frame with a caption drawn the way that look draws it. */
export function CaptionStylePicker({ value, onChange }: { value: CaptionStyleId; onChange: (style: CaptionStyleId) => void }) {
  return (
    <div className="cr-caption-styles" role="radiogroup" aria-label="字幕样式">
      {CAPTION_STYLES.map((id) => (
        <button key={id} type="button" role="radio" aria-checked={value === id} className="cr-caption-style" onClick={() => onChange(id)}>
          <span className={`cr-caption-preview cr-caption-preview--${id}`} aria-hidden="true">
            <span className="cr-caption-preview-text">字幕</span>
          </span>
          <span className="cr-caption-style-name">{CAPTION_STYLE_OPTIONS[id].name}</span>
          <span className="cr-caption-style-note">{CAPTION_STYLE_OPTIONS[id].note}</span>
        </button>
      ))}
    </div>
  );
}
