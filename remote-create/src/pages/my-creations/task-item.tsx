import type { VideoTask } from '@app/contract';
import { formatTime, navigateTo } from '@app/shared';
import { Cover } from '../../components/cover';
import { StatusBadge } from '../../components/status-badge';
import { formatDuration } from '../../lib/format';
import { useLongPress } from '../../lib/use-long-press';

/** One task in 我的创作: a tap opens it; a long press, or its "…" button, asks what to do with it. */
export function TaskItem({ task, onMenu }: { task: VideoTask; onMenu: (task: VideoTask) => void }) {
  const press = useLongPress(() => onMenu(task));
  return (
    <div className="cr-task" data-task-id={task.id}>
      <button
        type="button"
        className="cr-task-open"
        {...press}
        onClick={() => void navigateTo({ url: `/pagesA/detail/videoDetail?id=${encodeURIComponent(task.id)}` }).catch(() => undefined)}
      >
        <span className="cr-task-media">
          <Cover src={task.coverUrl} thumbUrl={task.coverThumbUrl} aspectRatio={task.aspectRatio} box="list" className="cr-task-cover" />
          <span className="cr-task-duration">{formatDuration(task.duration)}</span>
        </span>
        <span className="cr-task-body">
          <span className="cr-task-title">{task.title}</span>
          <span className="cr-task-time">{formatTime(task.createdAt)}</span>
          <StatusBadge task={task} />
        </span>
      </button>
      <button type="button" className="cr-task-more" aria-label="更多操作" onClick={() => onMenu(task)}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="5" cy="12" r="2" fill="currentColor" />
          <circle cx="12" cy="12" r="2" fill="currentColor" />
          <circle cx="19" cy="12" r="2" fill="currentColor" />
        </svg>
      </button>
    </div>
  );
}
