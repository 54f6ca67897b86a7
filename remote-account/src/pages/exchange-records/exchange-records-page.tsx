import { SignInPrompt, useIsLoggedIn } from '@app/shared';
import { ErrorBlock } from '@app/shared/kit';
import '../../styles.css';

/** 兑换记录: the activation codes the user redeemed. */
export default function ExchangeRecordsPage() {
  if (!useIsLoggedIn()) return <SignInPrompt title="登录后查看兑换记录" />;
  return <ErrorBlock className="ac-empty" status="empty" description="兑换过的激活码会记录在这里" title="暂无兑换记录" />;
}
