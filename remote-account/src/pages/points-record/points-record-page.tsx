import { SignInPrompt, useIsLoggedIn } from '@app/shared';
import { ErrorBlock } from '@app/shared/kit';
import '../../styles.css';

/** 积分记录: every change of the user's points. */
export default function PointsRecordPage() {
  if (!useIsLoggedIn()) return <SignInPrompt title="登录后查看积分记录" />;
  return <ErrorBlock className="ac-empty" status="empty" description="积分的每一次变动都会记录在这里" title="暂无积分记录" />;
}
