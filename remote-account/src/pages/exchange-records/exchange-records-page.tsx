import type { ExchangeRecord } from '@app/contract';
import { formatTime, SignInPrompt, useUserInfo } from '@app/shared';
import { RecordList } from '../../records/record-list';
import { useExchangeRecords } from './exchange-records';
import '../../styles.css';

function grants(record: ExchangeRecord): string {
  const parts = [record.points > 0 && `${record.points} 积分`, record.days > 0 && `会员 ${record.days} 天`].filter(Boolean);
  return parts.length ? parts.join(' + ') : '—';
}

function ExchangeRow({ record }: { record: ExchangeRecord }) {
  return (
    <div className="ac-record">
      <div className="ac-record-main">
        <span className="ac-record-title ac-code" aria-label="激活码">
          {record.code}
        </span>
        <span className="ac-record-time">{formatTime(record.createdAt)}</span>
      </div>
      <div className="ac-record-side ac-record-side-wrap">
        <strong className="ac-record-grants ac-gain">{grants(record)}</strong>
      </div>
    </div>
  );
}

function ExchangeRecords({ userId }: { userId: string }) {
  const query = useExchangeRecords(userId);
  return (
    <RecordList
      query={query}
      renderItem={(record) => <ExchangeRow record={record} />}
      emptyTitle="暂无兑换记录"
      emptyDescription="兑换过的激活码会记录在这里"
    />
  );
}

/** 兑换记录: the activation codes the user redeemed (masked), and what each granted. */
export default function ExchangeRecordsPage() {
  const user = useUserInfo();
  if (!user?.token) return <SignInPrompt title="登录后查看兑换记录" />;
  return <ExchangeRecords userId={user.id} />;
}
