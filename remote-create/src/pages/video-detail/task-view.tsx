import type { VideoTask } from '@app/contract';
import { formatTime, getCurrentPages, navigateBack, showActionSheet, switchTab, useCopyShareLink, usePageActive, useRevokeShareLink, useShareLink } from '@app/shared';
import { Button } from '@app/shared/kit';
import { SpinLoading } from '@app/shared/kit/more';
import { LoadFailed } from '../../components/load-failed';
import { StatusBadge } from '../../components/status-badge';
import { VideoPlayer } from '../../components/video-player';
import { toastFailure } from '../../lib/api-error';
import { formatDuration } from '../../lib/format';
import { saveVideo } from '../../lib/save-video';
import { useCancelTask } from '../../tasks/cancel-task';
import { useDeleteTask } from '../../tasks/delete-task';
import { confirmCancel, confirmDelete, taskActions } from '../../tasks/task-actions';
import { useVideoTask } from '../../tasks/task-detail';
import { isPending, progressText } from '../../tasks/video-task';

function PendingScreen({ task }: { task: VideoTask }) {
  const text =
    task.status === 'queued'
      ? task.queuePosition > 0
        ? `排队中，前面还有 ${task.queuePosition - 1} 个视频`
        : '排队中'
      : progressText(task);
  return (
    <div className={`cr-player cr-player--${task.aspectRatio.replace(':', 'x')} cr-player--empty`} role="status">
      <SpinLoading color="white" />
      <p>{text}</p>
      {task.status === 'processing' && (
        <div className="cr-progress" aria-hidden="true">
          <div className="cr-progress-fill" style={{ width: `${task.progress}%` }} />
        </div>
      )}
      <small>生成完成后会在这里自动播放</small>
    </div>
  );
}

function EndedScreen({ task }: { task: VideoTask }) {
  return (
    <div className={`cr-player cr-player--${task.aspectRatio.replace(':', 'x')} cr-player--empty`}>
      <p>{task.status === 'failed' ? '生成失败，积分已退还' : '已取消，积分已退还'}</p>
      {task.errorMsg && <small>{task.errorMsg}</small>}
    </div>
  );
}

/** After deleting, leave the page: back to where the user came from, or to 我的创作. */
function leave() {
  const go = getCurrentPages().length > 1 ? navigateBack() : switchTab({ url: '/pages/create/create' });
  void go.catch(() => undefined);
}

/** The user's own video: watch it, or follow it live while it renders; act on it by status. */
export function TaskView({ id }: { id: string }) {
  const active = usePageActive();
  const query = useVideoTask(id, true, active);
  const cancel = useCancelTask();
  const remove = useDeleteTask();
  const done = query.data?.status === 'succeeded';
  const share = useShareLink(id, done);
  const copyShare = useCopyShareLink(id);
  const unshare = useRevokeShareLink(id);

  if (query.isPending) return <SpinLoading className="cr-center-spin" color="primary" />;
  if (query.isError) {
    return <LoadFailed error={query.error} retry={() => void query.refetch()} missing={{ title: '视频不存在', description: '它可能已被删除' }} />;
  }
  const task = query.data;

  const onCancel = async () => {
    if (await confirmCancel()) cancel.mutate(task.id, { onError: toastFailure });
  };
  const onDelete = async () => {
    if (await confirmDelete(task)) remove.mutate(task.id, { onSuccess: leave, onError: toastFailure });
  };

  const shared = Boolean(share.data?.url);
  // The … menu: what 我的创作's menu offers by status (taskActions), less what the page shows as
  // buttons (取消, 下载); 删除 is too final for a button of its own.
  const openMenu = async () => {
    const key = await showActionSheet({ title: task.title, cancelText: '取消', actions: taskActions(task, { shared, without: ['cancel', 'download'] }) });
    if (key === 'copy') copyShare.mutate(false);
    else if (key === 'renew') copyShare.mutate(true);
    else if (key === 'unshare') unshare.mutate(undefined, { onError: toastFailure });
    else if (key === 'delete') await onDelete();
  };

  return (
    <div className="cr-detail">
      {task.status === 'succeeded' ? (
        <VideoPlayer src={task.videoUrl} poster={task.coverUrl} aspectRatio={task.aspectRatio} autoPlay label={task.title} />
      ) : isPending(task.status) ? (
        <PendingScreen task={task} />
      ) : (
        <EndedScreen task={task} />
      )}
      <section className="cr-card cr-detail-info">
        <div className="cr-detail-head">
          <h1 className="cr-detail-title">{task.title}</h1>
          <StatusBadge task={task} />
        </div>
        <p className="cr-detail-meta">
          {formatTime(task.createdAt)} · {formatDuration(task.duration)} · {task.aspectRatio} · {task.cost} 积分
          {task.voiceName && ` · 配音 ${task.voiceName}`}
        </p>
        <h2 className="cr-detail-label">文案</h2>
        <p className="cr-detail-text">{task.prompt}</p>
      </section>
      <div className="cr-detail-actions cr-detail-actions--row">
        {isPending(task.status) && (
          <Button shape="rounded" loading={cancel.isPending} onClick={() => void onCancel()}>
            取消
          </Button>
        )}
        {task.status === 'succeeded' && (
          <>
            <Button color="primary" shape="rounded" onClick={() => void saveVideo(task)}>
              下载
            </Button>
            <Button shape="rounded" loading={copyShare.isPending} onClick={() => copyShare.mutate(false)}>
              复制链接
            </Button>
          </>
        )}
        <Button className="cr-more-button" shape="rounded" aria-label="更多操作" loading={remove.isPending} onClick={() => void openMenu()}>
          …
        </Button>
      </div>
    </div>
  );
}
