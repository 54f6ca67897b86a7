import type { VideoTask } from '@app/contract';
import { copyShareLink, LoadMore, navigateTo, pageItems, showActionSheet, showModal, SignInPrompt, useIsLoggedIn, usePageActive, usePageShow, type SheetAction } from '@app/shared';
import { Button, ErrorBlock } from '@app/shared/kit';
import { PullToRefresh, SpinLoading } from '@app/shared/kit/more';
import { LoadFailed } from '../../components/load-failed';
import { toastFailure } from '../../lib/api-error';
import { saveVideo } from '../../lib/save-video';
import { useCancelTask } from '../../tasks/cancel-task';
import { useDeleteTask } from '../../tasks/delete-task';
import { useTaskList } from '../../tasks/task-list';
import { isPending } from '../../tasks/video-task';
import { TaskItem } from './task-item';
import '../../styles.css';

/** What the menu of a task offers: 取消生成 while it is made, 下载 and 复制链接 once done, 删除 always. */
export function taskActions(task: Pick<VideoTask, 'status'>): SheetAction[] {
  return [
    ...(isPending(task.status) ? [{ key: 'cancel', text: '取消生成' }] : []),
    ...(task.status === 'succeeded'
      ? [
          { key: 'download', text: '下载' },
          { key: 'copy', text: '复制链接' },
        ]
      : []),
    { key: 'delete', text: '删除', danger: true },
  ];
}

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
      const { confirm } = await showModal({ title: '取消生成', content: '取消后积分将退还，确定取消吗？', confirmText: '取消生成', cancelText: '再等等' });
      if (confirm) cancel.mutate(task.id, { onError: toastFailure });
    } else if (key === 'download') {
      await saveVideo(task);
    } else if (key === 'copy') {
      await copyShareLink(task.id);
    } else if (key === 'delete') {
      const content = isPending(task.status) ? '视频还在生成，删除会先取消并退还积分。确定删除吗？' : '删除后无法恢复，确定删除吗？';
      const { confirm } = await showModal({ title: '删除视频', content, confirmText: '删除' });
      if (confirm) remove.mutate(task.id, { onError: toastFailure });
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
        <ErrorBlock status="empty" title="还没有作品" description="写一段文案、选几张图片，几秒钟就能生成你的第一个视频">
          <Button color="primary" shape="rounded" onClick={createFirst}>
            创作第一个视频
          </Button>
        </ErrorBlock>
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
