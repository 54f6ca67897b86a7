import { SignInPrompt, useIsLoggedIn, usePageQuery } from '@app/shared';
import { EmptyState } from '@app/shared/kit';
import { TaskView } from './task-view';
import { TemplateView } from './template-view';
import '../../styles.css';

/** 视频详情: the user's task (`?id=`) or a template's sample (`?sysId=`). */
export default function VideoDetailPage() {
  const { id, sysId } = usePageQuery();
  const signedIn = useIsLoggedIn();
  let content: React.ReactNode;
  if (sysId) content = <TemplateView id={sysId} />;
  else if (!id) content = <EmptyState kind="missing" title="视频不存在" description="链接缺少视频编号" />;
  else if (!signedIn) content = <SignInPrompt title="登录后查看你的视频" />;
  else content = <TaskView id={id} />;
  return <div className="cr-page">{content}</div>;
}
