import type { VideoTask } from '@app/contract';
import { formatTime, navigateTo } from '@app/shared';
import { Cover } from '../../components/cover';
import { StatusBadge } from '../../components/status-badge';
import { formatDuration } from '../../lib/format';
import { useLongPress } from '../../lib/use-long-press';

/** One task in 我的创作: a tap opens it, a long press asks what to do with it. */
export function TaskItem({ task, onLongPress }: { task: VideoTask; onLongPress: (task: VideoTask) => void }) {
  const press = useLongPress(() => onLongPress(task));
  return (
    <button
      type="button"
      className="cr-task"
      data-task-id={task.id}
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
  );
}
