import type { VideoTask } from '@app/contract';
import { copyShareLink, LoadMore, navigateTo, pageItems, showActionSheet, SignInPrompt, useIsLoggedIn, usePageActive, usePageShow } from '@app/shared';
import { Button, EmptyState } from '@app/shared/kit';
import { PullToRefresh, SpinLoading } from '@app/shared/kit/more';
import { LoadFailed } from '../../components/load-failed';
import { toastFailure } from '../../lib/api-error';
import { saveVideo } from '../../lib/save-video';
import { useCancelTask } from '../../tasks/cancel-task';
import { confirmCancel, confirmDelete, taskActions } from '../../tasks/task-actions';
import { useDeleteTask } from '../../tasks/delete-task';
import { useTaskList } from '../../tasks/task-list';
import { TaskItem } from './task-item';
import '../../styles.css';

const createFirst = () => void navigateTo({ url: '/pagesA/create/addVideo' }).catch(() => undefined);

function TaskList() {
  const active = usePageActive();
  const tasks = useTaskList(active);
  const cancel = useCancelTask();
  const remove = useDeleteTask();

  // Back on this tab (after creating, or from a video's page): show what changed meanwhile.
  usePageShow(() => {
    if (tasks.data) void tasks.refetch();
  });

  // The item's menu (long press or "…"), by status: what the detail page offers, in one sheet.
  const act = async (task: VideoTask) => {
    const key = await showActionSheet({ title: task.title, cancelText: '取消', actions: taskActions(task) });
    if (key === 'cancel') {
      if (await confirmCancel()) cancel.mutate(task.id, { onError: toastFailure });
    } else if (key === 'download') {
      await saveVideo(task);
    } else if (key === 'copy') {
      await copyShareLink(task.id);
    } else if (key === 'delete') {
      if (await confirmDelete(task)) remove.mutate(task.id, { onError: toastFailure });
    }
  };

  if (tasks.isPending) return <SpinLoading className="cr-center-spin" color="primary" />;
  if (tasks.isError) {
    return <LoadFailed error={tasks.error} retry={() => void tasks.refetch()} />;
  }
  const list = pageItems(tasks.data.pages);
  return (
    <PullToRefresh
      onRefresh={async () => {
        await tasks.refetch({ throwOnError: true });
      }}
    >
      {list.length === 0 ? (
        <EmptyState kind="videos" title="还没有作品" description="写一段文案、选几张图片，几秒钟就能生成你的第一个视频">
          <Button color="primary" shape="rounded" onClick={createFirst}>
            创作第一个视频
          </Button>
        </EmptyState>
      ) : (
        <>
          <div className="cr-task-list">
            {list.map((task) => (
              <TaskItem key={task.id} task={task} onMenu={(t) => void act(t)} />
            ))}
          </div>
          <LoadMore query={tasks} enabled={active} />
        </>
      )}
    </PullToRefresh>
  );
}

/** 我的创作: the user's videos, live while any is rendering; signed out, a way to sign in. */
export default function MyCreationsPage() {
  const signedIn = useIsLoggedIn();
  return (
    <div className="cr-page cr-page--refresh">
      <header className="cr-custom-nav">
        <h1>我的创作</h1>
        {signedIn && (
          <Button size="small" color="primary" shape="rounded" onClick={createFirst}>
            新建
          </Button>
        )}
      </header>
      {signedIn ? <TaskList /> : <SignInPrompt title="登录后查看你的创作" />}
    </div>
  );
}
