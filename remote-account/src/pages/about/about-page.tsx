import { LEGAL_PATHS, serverHref, useVersionInfo } from '@app/shared';
import { Button } from '@app/shared/kit';
import { List } from '@app/shared/kit/more';
import '../../styles.css';

export const APP_NAME = 'AI视频生成工具';
export const APP_VERSION = '1.0.0';

/**
 * 关于: the app's name and version, the server's version, the agreements (the server's own pages,
 * or the operator's TERMS_URL / PRIVACY_URL) and the operator's contact line (SUPPORT_CONTACT).
 */
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
  const terms = serverHref(info.data?.termsUrl ?? LEGAL_PATHS.terms);
  const privacy = serverHref(info.data?.privacyUrl ?? LEGAL_PATHS.privacy);
  const open = (href: string) => () => void window.open(href, '_blank', 'noopener');
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
      <List className="ac-list">
        <List.Item onClick={open(terms)} arrowIcon>
          <a className="ac-doc-link" href={terms} target="_blank" rel="noopener" onClick={(e) => e.stopPropagation()}>
            用户协议
          </a>
        </List.Item>
        <List.Item onClick={open(privacy)} arrowIcon>
          <a className="ac-doc-link" href={privacy} target="_blank" rel="noopener" onClick={(e) => e.stopPropagation()}>
            隐私政策
          </a>
        </List.Item>
        {info.data?.supportContact && <List.Item extra={info.data.supportContact}>联系我们</List.Item>}
      </List>
    </div>
  );
}
