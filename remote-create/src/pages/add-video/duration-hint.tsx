import { NARRATION_LEAD_SECONDS, narrationSeconds } from '@app/contract';

/** A picture holds the eye for about this long: fewer seconds and they flash by, more and the video drags. */
const SECONDS_PER_PICTURE = 3;

/**
 * The length that suits what the user wrote and picked: long enough to read the script (or hear
 * it read) and to show each picture about 3 s, plus the title card; clamped to what the chosen
 * model can make. Undefined while there is nothing to go on.
 */
export function suggestDuration(input: { title: string; prompt: string; pictures: number; min: number; max: number }): number | undefined {
  // The script as a voice would read it (the estimate 跟随配音时长 uses too), after the title card.
  const reading = narrationSeconds(input.prompt, 1);
  if (reading === 0 && input.pictures === 0) return undefined;
  const showing = input.pictures * SECONDS_PER_PICTURE;
  const seconds = Math.ceil((input.title.trim() ? NARRATION_LEAD_SECONDS : 0) + Math.max(reading, showing));
  return Math.min(input.max, Math.max(input.min, seconds));
}

/** 建议时长 N 秒, and one tap to use it; nothing while the duration already is the suggestion. */
export function DurationHint({ suggested, duration, onApply }: { suggested: number | undefined; duration: number; onApply: (seconds: number) => void }) {
  if (suggested === undefined || suggested === duration) return null;
  return (
    <p className="cr-duration-hint" aria-live="polite">
      <span>建议时长 {suggested} 秒</span>
      <button type="button" className="cr-duration-hint-apply app-tap-area" onClick={() => onApply(suggested)}>
        使用
      </button>
    </p>
  );
}
