import type { VideoModel, VideoModelId } from '@app/contract';
import { modeText } from '../../tasks/video-models';

/** The video models as cards: what each does and what a second of it costs; one is chosen. */
export function ModelPicker({ models, value, onChange }: { models: VideoModel[]; value: VideoModelId; onChange: (model: VideoModel) => void }) {
  return (
    <div className="cr-models" role="radiogroup" aria-label="视频模型">
      {models.map((model) => (
        <button key={model.id} type="button" role="radio" aria-checked={value === model.id} className="cr-choice-card cr-model" onClick={() => onChange(model)}>
          <span className="cr-model-head">
            <span className="cr-model-name">{model.name}</span>
            <span className="cr-model-price">{model.pointsPerSecond} 积分/秒</span>
          </span>
          {modeText(model) && <span className="cr-model-modes">{modeText(model)}</span>}
          <span className="cr-model-desc">{model.description}</span>
        </button>
      ))}
    </div>
  );
}
