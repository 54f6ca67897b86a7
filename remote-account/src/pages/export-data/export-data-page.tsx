import { formatTime, serverHref, SignInPrompt, useUserInfo } from '@app/shared';
import { Button } from '@app/shared/kit';
import { List, SpinLoading } from '@app/shared/kit/more';
import { useExportStatus, useRequestExport } from './export-data';
import '../../styles.css';

/** A size as people read it. */
function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * 导出我的数据 (docs/product.md "导出我的数据"): what the zip holds, its status (准备中 while the
 * server prepares it, asked again every few seconds), and the download link, valid 24 hours.
 */
export default function ExportDataPage() {
  const user = useUserInfo();
  const status = useExportStatus();
  const request = useRequestExport();
  if (!user?.token) return <SignInPrompt title="登录后导出数据" />;
  const data = status.data;
  let state: React.ReactNode;
  if (status.isPending) state = <SpinLoading aria-label="加载中" />;
  else if (status.isError) {
    state = (
      <Button size="small" color="primary" fill="none" onClick={() => void status.refetch()}>
        加载失败，点击重试
      </Button>
    );
  } else if (data?.status === 'preparing') state = '正在准备，完成后可在此下载…';
  else if (data?.status === 'ready') state = `已就绪（${sizeText(data.size)}），${formatTime(data.expiresAt)} 前有效`;
  else if (data?.status === 'failed') state = '导出失败，请重新导出';
  else state = '尚未导出';

  const preparing = data?.status === 'preparing' || request.isPending;
  return (
    <div className="ac-export">
      <List className="ac-profile-list" header="导出内容">
        <List.Item description="手机号、昵称、姓名、头像、积分余额、会员到期时间">用户信息</List.Item>
        <List.Item description="每次积分变动与兑换的激活码">积分记录与兑换记录</List.Item>
        <List.Item description="标题、文案和设置，以及视频与封面文件">我的视频</List.Item>
      </List>
      <List className="ac-profile-list">
        <List.Item extra={<span aria-live="polite">{state}</span>}>导出状态</List.Item>
      </List>
      {data?.status === 'ready' && (
        <div className="ac-save ac-export-download">
          <a className="ac-export-link" href={serverHref(data.url)} download="我的数据.zip">
            下载 zip
          </a>
        </div>
      )}
      <div className="ac-save">
        <Button block color="primary" shape="rounded" loading={preparing} disabled={preparing || status.isPending} onClick={() => request.mutate()}>
          {data?.status === 'ready' || data?.status === 'failed' ? '重新导出' : '导出我的数据'}
        </Button>
      </div>
      <p className="ac-close-note">下载链接 24 小时内有效，仅限本人使用；重新导出后，之前的链接失效。数据较多时准备需要几分钟，可以离开此页面稍后再来。</p>
    </div>
  );
}
