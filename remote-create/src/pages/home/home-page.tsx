import { navigateTo, useUserInfo } from '@app/shared';
import { Button } from '@app/shared/kit';
import { TemplateGallery } from './template-gallery';
import '../../styles.css';

/** 首页: the app's name, who is signed in and their balance, the entry to 极速生成视频, the templates. */
export default function HomePage() {
  const user = useUserInfo();
  const open = (url: string) => void navigateTo({ url }).catch(() => undefined);
  return (
    <div className="cr-home">
      <header className="cr-home-header">
        <h1 className="cr-home-title">AI视频生成工具</h1>
        <p className="cr-home-subtitle">一段文字、几张图片，生成你的短视频</p>
        {user?.token ? (
          <div className="cr-home-user">
            <span className="cr-home-greeting">你好，{user.nickname}</span>
            <div className="cr-balance" aria-label="积分余额">
              <span>积分</span>
              <strong>{user.createNum}</strong>
            </div>
          </div>
        ) : (
          <Button size="small" shape="rounded" className="cr-home-login" onClick={() => open('/pagesA/login/index')}>
            登录/注册
          </Button>
        )}
      </header>

      <button type="button" className="cr-quick-entry" onClick={() => open('/pagesA/create/addVideo')}>
        <span className="cr-quick-entry-icon" aria-hidden="true">
          <svg viewBox="0 0 24 24">
            <path d="M13 2 4.5 13.5H11L10 22l8.5-11.5H12z" fill="currentColor" />
          </svg>
        </span>
        <span className="cr-quick-entry-text">
          <strong>极速生成视频</strong>
          <small>填写标题和文案，上传图片即可开始</small>
        </span>
        <span className="cr-quick-entry-arrow" aria-hidden="true">›</span>
      </button>

      <section className="cr-section cr-gallery">
        <h2 className="cr-section-title">模板</h2>
        <TemplateGallery />
      </section>
    </div>
  );
}
