import { redirectTo, switchTab, usePageQuery } from '@app/shared';
import { Button, ErrorBlock, Result } from '@app/shared/kit';
import '../../styles.css';

/** 生成视频成功: the task (id in the query) is queued; the ways on from here. */
export default function CreateSuccessPage() {
  const { id } = usePageQuery();
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
      {actions}
    </div>
  );
}
