import type { VideoTask } from '@app/contract';
import { LoadMore, navigateTo, pageItems, showModal, SignInPrompt, useIsLoggedIn, usePageActive, usePageShow } from '@app/shared';
import { Button, ErrorBlock } from '@app/shared/kit';
import { ActionSheet, PullToRefresh, SpinLoading } from '@app/shared/kit/more';
import { LoadFailed } from '../../components/load-failed';
import { toastFailure } from '../../lib/api-error';
import { useCancelTask } from '../../tasks/cancel-task';
import { useDeleteTask } from '../../tasks/delete-task';
import { useTaskList } from '../../tasks/task-list';
import { isPending } from '../../tasks/video-task';
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

  const act = (task: VideoTask) => {
    ActionSheet.show({
      extra: task.title,
      cancelText: '取消',
      closeOnAction: true,
      actions: [
        ...(isPending(task.status) ? [{ key: 'cancel', text: '取消生成' }] : []),
        { key: 'delete', text: '删除', danger: true },
      ],
      onAction: async (action) => {
        if (action.key === 'cancel') {
          const { confirm } = await showModal({ title: '取消生成', content: '取消后积分将退还，确定取消吗？', confirmText: '取消生成', cancelText: '再等等' });
          if (confirm) cancel.mutate(task.id, { onError: toastFailure });
        } else {
          const content = isPending(task.status) ? '视频还在生成，删除会先取消并退还积分。确定删除吗？' : '删除后无法恢复，确定删除吗？';
          const { confirm } = await showModal({ title: '删除视频', content, confirmText: '删除' });
          if (confirm) remove.mutate(task.id, { onError: toastFailure });
        }
      },
    });
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
          <p className="cr-hint">长按视频可取消生成或删除</p>
          <div className="cr-task-list">
            {list.map((task) => (
              <TaskItem key={task.id} task={task} onLongPress={act} />
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
