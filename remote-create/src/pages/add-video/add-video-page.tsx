import { type AspectRatio, type CaptionStyleId, DEFAULT_VIDEO_MODEL, DURATION_MAX as MAX_DURATION, DURATION_MIN as MIN_DURATION, followVoiceDuration, MUSIC_VOLUME_PERCENT_DEFAULT, narrationTooLong, PICTURES_MAX as MAX_PICTURES, PROMPT_MAX, RspCode, TITLE_MAX, VIDEO_MODELS, type VideoModel, type VideoModelId, VOICE_VOLUME_PERCENT_DEFAULT } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError, openRedeemDialog, redirectTo, refreshAccountInfo, showModal, SignInPrompt, useIsLoggedIn, usePageQuery, useUserInfo } from '@app/shared';
import { Button } from '@app/shared/kit';
import { Input, TextArea } from '@app/shared/kit/more';
import { toastFailure } from '../../lib/api-error';
import { useQuote } from '../../tasks/quote';
import { newClientRequestId, saveVideoTask } from '../../tasks/save-task';
import { TASKS_KEY } from '../../tasks/task-list';
import { modelProblem, useVideoModels } from '../../tasks/video-models';
import { CaptionStylePicker } from './caption-style-picker';
import { type AddVideoDraft, clearDraft, isWorthKeeping, loadDraft, saveDraft } from './draft';
import { DurationHint, suggestDuration } from './duration-hint';
import { DurationStepper } from './duration-stepper';
import { ModelPicker } from './model-picker';
import { MusicPicker, type MusicValue } from './music-picker';
import { PicturePicker } from './picture-picker';
import { TemplatePicker } from './template-picker';
import { usePictures } from './use-pictures';
import { NO_NARRATION, VoicePicker, type NarrationChoice } from './voice-picker';
import { useVoices } from '../../tasks/voices';
import { WriteAssistant } from './write-assistant';
import '../../styles.css';
import './add-video.css';

const ASPECT_RATIOS: { value: AspectRatio; label: string }[] = [
  { value: '9:16', label: '竖屏 9:16' },
  { value: '16:9', label: '横屏 16:9' },
  { value: '1:1', label: '方形 1:1' },
];

const length = (s: string) => [...s.trim()].length;

/**
 * The script as sent: the server refuses control characters (docs/api.md "Conventions"), line breaks included, yet
 * a textarea invites them; a break becomes a space, which the subtitles read the same.
 */
function promptToSend(prompt: string): string {
  return prompt.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/**
 * The form's starting values: the user's draft if any, and what the link says: 做同款 passes the
 * template, its aspect ratio and its length, which win over the draft's (the draft's title,
 * script, pictures and other choices stay); a link may name a model.
 */
function initialValues(query: Record<string, string>, draft: AddVideoDraft | null) {
  const fromTemplate = !!query.templateId;
  const aspect = ASPECT_RATIOS.find((a) => a.value === query.aspectRatio)?.value ?? ((!fromTemplate && draft?.aspectRatio) || '9:16');
  const seconds = Number(query.duration);
  const duration = Number.isInteger(seconds) && seconds >= MIN_DURATION && seconds <= MAX_DURATION ? seconds : (!fromTemplate && draft?.duration) || MIN_DURATION;
  const model = VIDEO_MODELS.find((id) => id === query.model) ?? draft?.model ?? DEFAULT_VIDEO_MODEL;
  return { templateId: fromTemplate ? query.templateId! : (draft?.templateId ?? ''), aspectRatio: aspect, duration, model };
}

/** A music the draft can bring back: a named choice, not a file of the user's (the picker shows only the one it uploaded). */
function draftMusic(music: MusicValue): MusicValue {
  const named = music.music === '' || music.music === 'none' || /^(gen|track):/.test(music.music);
  return named ? music : { ...music, music: '' };
}

/** The built-in renderer as the form knows it before (or without) the server's list. */
const BUILTIN_LIMITS: Pick<VideoModel, 'aspectRatios' | 'minDuration' | 'maxDuration' | 'modes'> = {
  aspectRatios: ASPECT_RATIOS.map((a) => a.value),
  minDuration: MIN_DURATION,
  maxDuration: MAX_DURATION,
  modes: ['text', 'image'],
};

function AddVideoForm({ onCleared }: { onCleared: () => void }) {
  const query = usePageQuery();
  const user = useUserInfo();
  const userId = user?.id ?? '';
  const client = useQueryClient();
  // The draft this user left here (docs/product.md "Drafts"), read once as the form opens.
  const [draft] = useState(() => (userId ? loadDraft(userId) : null));
  const [initial] = useState(() => initialValues(query, draft));
  const [title, setTitle] = useState(draft?.title ?? '');
  const [prompt, setPrompt] = useState(draft?.prompt ?? '');
  const [templateId, setTemplateId] = useState(initial.templateId);
  const [aspectRatio, setAspectRatio] = useState<AspectRatio>(initial.aspectRatio);
  const [duration, setDuration] = useState(initial.duration);
  const [modelId, setModelId] = useState<VideoModelId>(initial.model);
  const [captionStyle, setCaptionStyle] = useState<CaptionStyleId>(draft?.captionStyle ?? 'template');
  const { pictures, add, remove, retry, clear, missing } = usePictures(draft?.pictures);
  const [music, setMusic] = useState<MusicValue>(draft?.music ?? { music: '', musicVolume: MUSIC_VOLUME_PERCENT_DEFAULT, voiceVolume: VOICE_VOLUME_PERCENT_DEFAULT });
  const [musicUploading, setMusicUploading] = useState(false);
  const models = useVideoModels().data ?? [];
  // A model the server does not offer (any more) falls back to the built-in renderer.
  const chosen = models.find((m) => m.id === modelId);
  const model = chosen?.id ?? DEFAULT_VIDEO_MODEL;
  const limits = chosen ?? BUILTIN_LIMITS;
  const suggested = suggestDuration({ title, prompt, pictures: pictures.length, min: limits.minDuration, max: limits.maxDuration });
  const voices = useVoices().data;
  const [narration, setNarration] = useState<NarrationChoice>(draft?.narration ?? NO_NARRATION);
  const voice = voices?.list.some((v) => v.id === narration.voice) ? narration.voice : '';
  // 跟随配音时长: the length the server will set from the script read at this speed (the same rule).
  const videoDuration = voice && narration.follow ? followVoiceDuration(promptToSend(prompt), narration.speed) : duration;
  const quote = useQuote({ duration: videoDuration, templateId, model, aspectRatio, pictures: pictures.length, voice, voiceSpeed: narration.speed });

  /** Another model: the ratio and length follow what it can make. */
  const chooseModel = (next: VideoModel) => {
    setModelId(next.id);
    if (!next.aspectRatios.includes(aspectRatio)) setAspectRatio(next.aspectRatios[0]!);
    setDuration((d) => Math.min(next.maxDuration, Math.max(next.minDuration, d)));
  };
  // One id for the whole life of the form: a retry after a lost answer is the same submission.
  const [clientRequestId] = useState(newClientRequestId);
  const [submitting, setSubmitting] = useState(false);
  // A ref, not the state: two taps inside one render both see submitting === false.
  const sending = useRef(false);

  // Everything filled in is kept as the draft as it changes; once submitted, it is gone.
  const submitted = useRef(false);
  const uploaded = pictures.filter((p) => p.status === 'done').map((p) => p.url);
  const current: AddVideoDraft = { title, prompt, pictures: uploaded, templateId, aspectRatio, duration, model: modelId, captionStyle, music: draftMusic(music), narration };
  const drafted = JSON.stringify(current);
  useEffect(() => {
    if (userId && !submitted.current) saveDraft(userId, JSON.parse(drafted) as AddVideoDraft);
  }, [userId, drafted]);
  const filled = isWorthKeeping({ title, prompt, pictures: pictures.map((p) => p.url) });

  const clearForm = async () => {
    const { confirm } = await showModal({ title: '清空草稿', content: '标题、文案、图片和所选设置都会清空，确定吗？', confirmText: '清空', cancelText: '取消' });
    if (!confirm) return;
    submitted.current = true; // no more saving from this form
    clear();
    clearDraft(userId);
    onCleared();
  };

  const balance = user?.createNum ?? 0;
  const cost = quote.data?.cost;
  const problem =
    length(title) === 0
      ? '请填写标题'
      : length(prompt) === 0
        ? '请填写文案'
        : pictures.some((p) => p.status === 'uploading')
          ? '图片上传中，请稍候'
          : pictures.some((p) => p.status === 'failed')
            ? '有图片上传失败，请重试或删除'
            : musicUploading
              ? '音乐上传中，请稍候'
              : (chosen && modelProblem(chosen, pictures.length)) || (voice ? narrationTooLong(promptToSend(prompt), narration.speed, videoDuration) : null);

  const notEnoughPoints = async (needed: number) => {
    const { confirm } = await showModal({
      title: '积分不足',
      content: `生成这个视频需要 ${needed} 积分，当前积分 ${balance}。兑换激活码即可获得积分。`,
      confirmText: '兑换激活码',
      cancelText: '取消',
    });
    // The dialog updates the session, and with it the balance shown here.
    if (confirm) await openRedeemDialog();
  };

  const submit = async () => {
    if (sending.current || problem) return;
    if (cost !== undefined && cost > balance) {
      await notEnoughPoints(cost);
      return;
    }
    sending.current = true;
    setSubmitting(true);
    try {
      const task = await saveVideoTask({
        title: title.trim(),
        prompt: promptToSend(prompt),
        images: pictures.map((p) => p.url),
        templateId,
        aspectRatio,
        duration: videoDuration,
        model,
        captionStyle,
        ...(voice && { voice, voiceSpeed: narration.speed, followVoice: narration.follow }),
        ...music,
        clientRequestId,
      });
      submitted.current = true;
      clearDraft(userId);
      void client.invalidateQueries({ queryKey: TASKS_KEY });
      void refreshAccountInfo().catch(() => undefined);
      await redirectTo({ url: `/pagesA/create/createSuccess?id=${encodeURIComponent(task.id)}` });
    } catch (error) {
      // Whatever happened, everything the user typed and picked stays in the form.
      if (error instanceof ApiError && error.rspCode === RspCode.notEnoughPoints) await notEnoughPoints(cost ?? duration);
      else toastFailure(error);
    } finally {
      sending.current = false;
      setSubmitting(false);
    }
  };

  return (
    <div className="cr-form">
      {filled && (
        <div className="cr-draft-bar">
          <span>{draft ? '已恢复上次未提交的草稿' : '离开后会自动保存为草稿'}</span>
          <Button size="small" fill="none" className="cr-draft-clear" onClick={() => void clearForm()}>
            清空
          </Button>
        </div>
      )}
      <section className="cr-card cr-field">
        <label className="cr-field-label" htmlFor="cr-title">
          标题
        </label>
        <Input id="cr-title" className="cr-input app-tap-input" placeholder={`给视频起个名字（${TITLE_MAX} 字以内）`} value={title} onChange={setTitle} maxLength={TITLE_MAX} clearable />
      </section>

      <section className="cr-card cr-field">
        <div className="cr-field-head">
          <label className="cr-field-label" htmlFor="cr-prompt">
            文案
          </label>
          <WriteAssistant title={title} duration={duration} templateId={templateId} script={prompt} onScript={setPrompt} />
        </div>
        <TextArea id="cr-prompt" className="cr-textarea" placeholder="写下视频要讲的内容，会作为字幕出现在视频里" value={prompt} onChange={setPrompt} maxLength={PROMPT_MAX} showCount autoSize={{ minRows: 4, maxRows: 10 }} />
      </section>

      <section className="cr-card cr-field">
        <span className="cr-field-label">图片</span>
        <span className="cr-field-note">最多 {MAX_PICTURES} 张，JPG、PNG 或 WEBP，每张不超过 10MB；不传也可以</span>
        <PicturePicker pictures={pictures} onAdd={add} onRemove={remove} onRetry={retry} onMissing={missing} />
      </section>

      {models.length > 1 && (
        <section className="cr-card cr-field">
          <span className="cr-field-label">视频模型</span>
          <ModelPicker models={models} value={model} onChange={chooseModel} />
        </section>
      )}

      <VoicePicker offer={voices} value={narration} onChange={setNarration} />

      <section className="cr-card cr-field">
        <span className="cr-field-label">模板</span>
        <TemplatePicker
          value={templateId}
          onChange={(t) => {
            setTemplateId(t?.id ?? '');
            // A template comes with its own shape and length; the user may still change both.
            if (t) {
              if (limits.aspectRatios.includes(t.aspectRatio)) setAspectRatio(t.aspectRatio);
              setDuration(Math.min(limits.maxDuration, Math.max(limits.minDuration, t.duration)));
            }
          }}
        />
      </section>

      <section className="cr-card cr-field">
        <span className="cr-field-label">背景音乐</span>
        <MusicPicker value={music} onChange={setMusic} onUploading={setMusicUploading} />
      </section>

      <section className="cr-card cr-field">
        <span className="cr-field-label">画面比例</span>
        <div className="cr-segments" role="radiogroup" aria-label="画面比例">
          {ASPECT_RATIOS.map((a) => (
            <button
              key={a.value}
              type="button"
              role="radio"
              aria-checked={aspectRatio === a.value}
              className="cr-segment"
              disabled={!limits.aspectRatios.includes(a.value)}
              onClick={() => setAspectRatio(a.value)}
            >
              <span className={`cr-shape cr-shape--${a.value.replace(':', 'x')}`} aria-hidden="true" />
              {a.label}
            </button>
          ))}
        </div>
        <div className="cr-duration">
          <span className="cr-field-label" id="cr-duration-label">
            时长（秒）
          </span>
          <DurationStepper
            labelledBy="cr-duration-label"
            min={limits.minDuration}
            max={limits.maxDuration}
            disabled={videoDuration !== duration}
            value={videoDuration}
            onChange={setDuration}
          />
        </div>
        <DurationHint suggested={suggested} duration={duration} onApply={setDuration} />
      </section>

      <section className="cr-card cr-field">
        <span className="cr-field-label">字幕样式</span>
        <CaptionStylePicker value={captionStyle} onChange={setCaptionStyle} />
      </section>

      <footer className="cr-submit-bar">
        <div className="cr-cost" aria-live="polite">
          <span>
            消耗 <strong aria-label="消耗积分">{cost ?? '—'}</strong> 积分
            {!!quote.data?.voicePoints && `（含配音 ${quote.data.voicePoints}）`}
          </span>
          <span className={`cr-cost-balance${cost !== undefined && cost > balance ? ' cr-cost-balance--short' : ''}`}>
            当前积分 {balance}
            {cost !== undefined && cost > balance && '，不足'}
          </span>
        </div>
        <Button color="primary" shape="rounded" size="large" block disabled={problem !== null} loading={submitting} onClick={() => void submit()}>
          生成视频
        </Button>
        {problem && <p className="cr-submit-note">{problem}</p>}
      </footer>
    </div>
  );
}

/** 极速生成视频: title, script, pictures, template, shape and length, the price, and one submit. */
export default function AddVideoPage() {
  const signedIn = useIsLoggedIn();
  // 清空 starts a new form (every field at its start value, the link's template still applied).
  const [generation, setGeneration] = useState(0);
  return (
    <div className="cr-page">
      {signedIn ? <AddVideoForm key={generation} onCleared={() => setGeneration((g) => g + 1)} /> : <SignInPrompt title="登录后即可生成视频" />}
    </div>
  );
}
