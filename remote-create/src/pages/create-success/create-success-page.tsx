import type { VideoTask } from '@app/contract';
import { navigateTo, redirectTo, SignInPrompt, switchTab, useIsLoggedIn, usePageActive, usePageQuery } from '@app/shared';
import { Button, EmptyState } from '@app/shared/kit';
import { SpinLoading } from '@app/shared/kit/more';
import { Cover } from '../../components/cover';
import { useEasedNumber } from '../../lib/eased-number';
import { formatWait } from '../../lib/format';
import { useQueuePosition } from '../../tasks/queue-position';
import { useVideoTask } from '../../tasks/task-detail';
import { progressParts } from '../../tasks/video-task';
import '../../styles.css';

const go = (open: Promise<unknown>) => void open.catch(() => undefined);
const myCreations = () => go(switchTab({ url: '/pages/create/create' }));
const createMore = () => go(redirectTo({ url: '/pagesA/create/addVideo' }));

/** The progress bar and its number, moving smoothly between polled values. */
function Progress({ task }: { task: VideoTask }) {
  const { text, percent } = progressParts(task);
  const shown = useEasedNumber(task.progress);
  return (
    <>
      <p className="cr-status-big">
        {text} {percent !== null && <strong>{shown}%</strong>}
      </p>
      <div className="cr-progress cr-progress--light" role="progressbar" aria-label="生成进度" aria-valuemin={0} aria-valuemax={100} aria-valuenow={task.progress}>
        <div className="cr-progress-fill cr-progress-fill--smooth" style={{ width: `${shown}%` }} />
      </div>
    </>
  );
}

/** The finished video: its cover as a preview, and the one thing to do now, 观看视频. */
function Finished({ task }: { task: VideoTask }) {
  const watch = () => go(navigateTo({ url: `/pagesA/detail/videoDetail?id=${encodeURIComponent(task.id)}` }));
  return (
    <>
      <button type="button" className={`cr-done-preview cr-done-preview--${task.aspectRatio.replace(':', 'x')}`} onClick={watch} aria-label={`预览：${task.title}`}>
        <Cover src={task.coverUrl} />
        <span className="cr-done-play" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="28" height="28">
            <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
          </svg>
        </span>
      </button>
      <p className="cr-status-line">{task.title}</p>
      <Button block color="primary" shape="rounded" size="large" onClick={watch}>
        观看视频
      </Button>
    </>
  );
}

/** The heading of each state: it says 成功 only once there is a video. */
function Heading({ title, line, icon }: { title: string; line?: string; icon: 'wait' | 'done' | 'ended' }) {
  return (
    <header className="cr-status-head">
      <span className={`cr-status-icon cr-status-icon--${icon}`} aria-hidden="true">
        {icon === 'done' ? '✓' : icon === 'ended' ? '!' : '…'}
      </span>
      <h1 className="cr-status-title">{title}</h1>
      {line && <p className="cr-status-line">{line}</p>}
    </header>
  );
}

/** Where the task is: its live place in the queue, then the render's progress, then the result. */
function TaskProgress({ id }: { id: string }) {
  const active = usePageActive();
  const queue = useQueuePosition(id, true, active);
  // The task itself (for the progress) once it has left the queue.
  const leftQueue = queue.data !== undefined && queue.data.status !== 'queued';
  const task = useVideoTask(id, leftQueue, active);

  if (queue.isError || task.isError) {
    return (
      <>
        <Heading title="任务已提交" icon="wait" />
        <div className="cr-card cr-status-card">
          <p className="cr-status-line">暂时无法获取进度</p>
          <Button size="small" color="primary" fill="outline" shape="rounded" onClick={() => void (queue.isError ? queue.refetch() : task.refetch())}>
            重试
          </Button>
        </div>
        <Ways primary />
      </>
    );
  }
  if (!queue.data || (leftQueue && !task.data)) {
    return (
      <>
        <Heading title="任务已提交" icon="wait" />
        <div className="cr-card cr-status-card">
          <SpinLoading color="primary" />
        </div>
        <Ways primary />
      </>
    );
  }
  if (!leftQueue) {
    const { position, total, estimatedWaitSeconds } = queue.data;
    return (
      <>
        <Heading title="任务已提交" line="视频正在排队，可以先去做别的，完成后在「我的创作」查看" icon="wait" />
        <div className="cr-card cr-status-card" role="status">
          <p className="cr-status-big">
            排队中 第 <strong>{position}</strong> 位
          </p>
          <p className="cr-status-line">
            共 {total} 个视频在排队 · 预计等待 {formatWait(estimatedWaitSeconds)}
          </p>
        </div>
        <Ways primary />
      </>
    );
  }
  const t = task.data!;
  if (t.status === 'processing') {
    return (
      <>
        <Heading title="正在生成…" line="离开这个页面不影响生成" icon="wait" />
        <div className="cr-card cr-status-card" role="status">
          <Progress task={t} />
        </div>
        <Ways primary />
      </>
    );
  }
  if (t.status === 'succeeded') {
    return (
      <>
        <Heading title="视频生成成功" icon="done" />
        <div className="cr-card cr-status-card" role="status">
          <Finished task={t} />
        </div>
        <Ways primary={false} />
      </>
    );
  }
  return (
    <>
      <Heading title={t.status === 'failed' ? '生成失败' : '已取消'} line="积分已退还" icon="ended" />
      {t.status === 'failed' && t.errorMsg && (
        <div className="cr-card cr-status-card" role="status">
          <p className="cr-status-line">{t.errorMsg}</p>
        </div>
      )}
      <Ways primary />
    </>
  );
}

/** 查看我的创作 and 继续创作; the first is the page's main action until the video is there. */
function Ways({ primary }: { primary: boolean }) {
  return (
    <div className="cr-actions">
      <Button block color={primary ? 'primary' : 'default'} shape="rounded" onClick={myCreations}>
        查看我的创作
      </Button>
      <Button block shape="rounded" fill={primary ? 'solid' : 'none'} onClick={createMore}>
        继续创作
      </Button>
    </div>
  );
}

/** 生成视频成功: the task (id in the query) was submitted; how it goes, and the ways on from here. */
export default function CreateSuccessPage() {
  const { id } = usePageQuery();
  const signedIn = useIsLoggedIn();
  if (!id) {
    return (
      <div className="cr-page">
        <EmptyState kind="missing" title="没有找到这个任务" description="链接不完整" />
        <Ways primary />
      </div>
    );
  }
  if (!signedIn) {
    return (
      <div className="cr-page">
        <Heading title="任务已提交" icon="wait" />
        <SignInPrompt title="登录后查看生成进度" />
        <Ways primary />
      </div>
    );
  }
  return (
    <div className="cr-page">
      <TaskProgress id={id} />
    </div>
  );
}
