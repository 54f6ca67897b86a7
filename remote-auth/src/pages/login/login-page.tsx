import { getCurrentPages, navigateBack, reLaunch } from '@app/shared';
import { ErrorBlock, NavBar } from '@app/shared/kit';
import '../../styles.css';

/** 登录 (custom navigation bar): sign in or register with a phone number. */
export default function LoginPage() {
  const back = () => {
    const go = getCurrentPages().length > 1 ? navigateBack() : reLaunch({ url: '/' });
    void go.catch(() => undefined);
  };
  return (
    <div className="au-login">
      <NavBar className="au-nav" onBack={back} style={{ '--height': '44px' } as React.CSSProperties} />
      <header className="au-brand">
        <svg viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
          <rect width="48" height="48" rx="12" fill="#0067ed" />
          <path d="m19 15 15 9-15 9z" fill="#fff" />
        </svg>
        <h1>登录 AI视频生成工具</h1>
        <p>未注册的手机号登录后将自动注册</p>
      </header>
      <ErrorBlock status="busy" title="账户服务尚未开通" description="账户服务开通后即可用手机号登录" />
    </div>
  );
}
