import { HINT_MAX, RspCode } from '@app/contract';
import { ApiError, refreshAccountInfo, toast, writeScriptStreamed } from '@app/shared';
import { Button } from '@app/shared/kit';
import { useEffect, useRef, useState } from 'react';
import { useAiFeatures } from '../../tasks/ai-features';

export interface WriteAssistantProps {
  title: string;
  duration: number;
  templateId: string;
  /** The script box as it is now: put back when the call fails (its points are refunded). */
  script: string;
  onScript(script: string): void;
}

/** The text as it streams in, fit for the script box: the save call takes no line breaks. */
const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, '');

/**
 * AI 帮写 beside the script box, only when the server offers it, with its price. A tap writes a
 * script from the title, the length, the template and whatever the box already holds (the
 * user's points or draft, sent as the hint), streamed into the box as it arrives; 停止
 * ends it, keeping what was written. A failure puts the box back as it was (the server refunded).
 */
export function WriteAssistant({ title, duration, templateId, script, onScript }: WriteAssistantProps) {
  const offer = useAiFeatures().data?.writeScript;
  const [writing, setWriting] = useState(false);
  const running = useRef<AbortController | null>(null);
  // Leaving the page stops the writing (and the model's work at the server).
  useEffect(() => () => running.current?.abort(), []);
  if (!offer?.available) return null;

  const start = async () => {
    if (running.current) return;
    if (title.trim() === '') {
      void toast('请先填写标题，AI 会按标题来写');
      return;
    }
    const before = script;
    const controller = new AbortController();
    running.current = controller;
    setWriting(true);
    let sofar = '';
    try {
      const written = await writeScriptStreamed(
        // What the user already typed is their wish for the script: the AI writes from it.
        { title: title.trim(), duration, ...(templateId ? { templateId } : {}), ...(oneLine(before).trim() ? { hint: oneLine(before).trim().slice(0, HINT_MAX) } : {}) },
        { signal: controller.signal, onText: (text) => onScript((sofar = oneLine(text))) },
      );
      onScript(written);
    } catch (error) {
      if (controller.signal.aborted) onScript(sofar || before);
      else {
        onScript(before);
        if (error instanceof ApiError && error.rspCode === RspCode.notEnoughPoints) void toast(`积分不足，AI 帮写需要 ${offer.points} 积分`);
        else void toast(error instanceof Error && error.message ? error.message : 'AI 帮写失败，请稍后再试');
      }
    } finally {
      running.current = null;
      setWriting(false);
      // The balance moved (spent, or spent and refunded).
      if (offer.points > 0) void refreshAccountInfo().catch(() => undefined);
    }
  };

  return (
    <div className="cr-write">
      {writing ? (
        <Button size="mini" shape="rounded" color="danger" fill="outline" onClick={() => running.current?.abort()}>
          停止
        </Button>
      ) : (
        <Button size="mini" shape="rounded" color="primary" fill="outline" onClick={() => void start()}>
          AI 帮写
        </Button>
      )}
      <span className="cr-field-note" aria-live="polite">
        {writing ? 'AI 正在写…' : offer.points > 0 ? `消耗 ${offer.points} 积分` : '免费'}
      </span>
    </div>
  );
}
