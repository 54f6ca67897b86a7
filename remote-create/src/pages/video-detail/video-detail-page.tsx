import { usePageQuery } from '@app/shared';
import { ErrorBlock } from '@app/shared/kit';
import '../../styles.css';

/** 视频详情: a task (`?id=`) or a template (`?sysId=`). */
export default function VideoDetailPage() {
  const { id, sysId } = usePageQuery();
  return (
    <div className="cr-page">
      {id || sysId ? (
        <ErrorBlock status="busy" title="暂时无法加载视频" description="视频服务开通后即可在这里观看" />
      ) : (
        <ErrorBlock status="empty" title="视频不存在" description="链接缺少视频编号" />
      )}
    </div>
  );
}
