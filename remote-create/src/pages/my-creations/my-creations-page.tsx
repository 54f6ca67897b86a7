import { navigateTo, SignInPrompt, useIsLoggedIn } from '@app/shared';
import { Button, ErrorBlock } from '@app/shared/kit';
import '../../styles.css';

/** 我的创作: the user's videos; signed out, a way to sign in; none yet, a way to make the first. */
export default function MyCreationsPage() {
  const signedIn = useIsLoggedIn();
  return (
    <div className="cr-page">
      <header className="cr-custom-nav">
        <h1>我的创作</h1>
      </header>
      {signedIn ? (
        <ErrorBlock status="empty" title="还没有作品" description="生成的视频会出现在这里">
          <Button color="primary" shape="rounded" onClick={() => void navigateTo({ url: '/pagesA/create/addVideo' }).catch(() => undefined)}>
            创作第一个视频
          </Button>
        </ErrorBlock>
      ) : (
        <SignInPrompt title="登录后查看你的创作" />
      )}
    </div>
  );
}
