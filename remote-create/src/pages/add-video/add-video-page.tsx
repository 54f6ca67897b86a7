import { SignInPrompt, useIsLoggedIn } from '@app/shared';
import { ErrorBlock } from '@app/shared/kit';
import '../../styles.css';

/** 极速生成视频: the creation form needs a signed-in user and the server's video tasks. */
export default function AddVideoPage() {
  const signedIn = useIsLoggedIn();
  return (
    <div className="cr-page">
      {signedIn ? (
        <ErrorBlock status="busy" title="生成服务尚未开通" description="视频生成服务开通后即可在这里创作" />
      ) : (
        <SignInPrompt title="登录后即可生成视频" />
      )}
    </div>
  );
}
