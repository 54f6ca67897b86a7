import { navigateTo, redirectTo, SignInPrompt, switchTab, useIsLoggedIn, usePageActive, usePageQuery } from '@app/shared';
import { Button, ErrorBlock } from '@app/shared/kit';
import { Result, SpinLoading } from '@app/shared/kit/more';
import { formatWait } from '../../lib/format';
import { useQueuePosition } from '../../tasks/queue-position';
import { useVideoTask } from '../../tasks/task-detail';
import { progressParts } from '../../tasks/video-task';
import '../../styles.css';

/** Where the task is: its live place in the queue, then the render's progress, then the result. */
function TaskProgress({ id }: { id: string }) {
  const active = usePageActive();
  const queue = useQueuePosition(id, true, active);
  // The task itself (for the progress) once it has left the queue.
  const leftQueue = queue.data !== undefined && queue.data.status !== 'queued';
  const task = useVideoTask(id, leftQueue, active);

  if (queue.isError || task.isError) {
    return (
      <div className="cr-card cr-status-card">
        <p className="cr-status-line">暂时无法获取进度</p>
        <Button size="small" color="primary" fill="outline" shape="rounded" onClick={() => void (queue.isError ? queue.refetch() : task.refetch())}>
          重试
        </Button>
      </div>
    );
  }
  if (!queue.data || (leftQueue && !task.data)) {
    return (
      <div className="cr-card cr-status-card">
        <SpinLoading color="primary" />
      </div>
    );
  }
  if (!leftQueue) {
    const { position, total, estimatedWaitSeconds } = queue.data;
    return (
      <div className="cr-card cr-status-card" role="status">
        <p className="cr-status-big">
          排队中 第 <strong>{position}</strong> 位
        </p>
        <p className="cr-status-line">
          共 {total} 个视频在排队 · 预计等待 {formatWait(estimatedWaitSeconds)}
        </p>
      </div>
    );
  }
  const t = task.data!;
  const watch = () => void navigateTo({ url: `/pagesA/detail/videoDetail?id=${encodeURIComponent(id)}` }).catch(() => undefined);
  return (
    <div className="cr-card cr-status-card" role="status">
      {t.status === 'processing' && (
        <>
          <p className="cr-status-big">
            {progressParts(t).text} {progressParts(t).percent !== null && <strong>{t.progress}%</strong>}
          </p>
          <div className="cr-progress cr-progress--light" aria-hidden="true">
            <div className="cr-progress-fill" style={{ width: `${t.progress}%` }} />
          </div>
        </>
      )}
      {t.status === 'succeeded' && (
        <>
          <p className="cr-status-big">视频已生成</p>
          <Button color="primary" shape="rounded" onClick={watch}>
            观看视频
          </Button>
        </>
      )}
      {t.status === 'failed' && <p className="cr-status-big">{t.errorMsg || '生成失败，积分已退还'}</p>}
      {t.status === 'cancelled' && <p className="cr-status-big">已取消，积分已退还</p>}
    </div>
  );
}

/** 生成视频成功: the task (id in the query) is queued; how it goes, and the ways on from here. */
export default function CreateSuccessPage() {
  const { id } = usePageQuery();
  const signedIn = useIsLoggedIn();
  const actions = (
    <div className="cr-actions">
      <Button block color="primary" shape="rounded" onClick={() => void switchTab({ url: '/pages/create/create' }).catch(() => undefined)}>
        查看我的创作
      </Button>
      <Button block shape="rounded" onClick={() => void redirectTo({ url: '/pagesA/create/addVideo' }).catch(() => undefined)}>
        继续创作
      </Button>
    </div>
  );
  if (!id) {
    return (
      <div className="cr-page">
        <ErrorBlock status="empty" title="没有找到这个任务" description="链接缺少任务编号" />
        {actions}
      </div>
    );
  }
  return (
    <div className="cr-page">
      <Result status="success" title="任务已提交" description={`任务编号 ${id}`} />
      {signedIn ? <TaskProgress id={id} /> : <SignInPrompt title="登录后查看生成进度" />}
      {actions}
    </div>
  );
}
