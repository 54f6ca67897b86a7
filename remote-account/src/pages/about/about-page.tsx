import { Button } from '@app/shared/kit';
import { List } from '@app/shared/kit/more';
import { useVersionInfo } from './version-info';
import '../../styles.css';

export const APP_NAME = 'AI视频生成工具';
export const APP_VERSION = '1.0.0';

/** 关于: the app's name and version, and the server's version. */
export default function AboutPage() {
  const info = useVersionInfo();
  let server: React.ReactNode = '查询中…';
  if (info.isError) {
    server = (
      <Button size="mini" fill="none" color="primary" onClick={() => void info.refetch()}>
        无法连接服务器，点击重试
      </Button>
    );
  } else if (info.data) {
    server = info.data.serverVersion;
  }
  return (
    <div className="ac-about">
      <div className="ac-about-logo" aria-hidden="true">
        <svg viewBox="0 0 48 48" width="64" height="64">
          <rect width="48" height="48" rx="12" fill="#0067ed" />
          <path d="m19 15 15 9-15 9z" fill="#fff" />
        </svg>
      </div>
      <h1 className="ac-about-name">{APP_NAME}</h1>
      <p className="ac-about-version">版本 {APP_VERSION}</p>
      <List className="ac-list">
        <List.Item extra={APP_VERSION}>应用版本</List.Item>
        <List.Item extra={server}>服务器版本</List.Item>
      </List>
    </div>
  );
}
