import type { PointsRecord } from '@app/contract';
import { formatTime, SignInPrompt, useUserInfo } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { signedPoints } from '../../format';
import { RecordList } from '../../records/record-list';
import { usePointsRecords } from './points-records';
import '../../styles.css';

function PointsRow({ record }: { record: PointsRecord }) {
  const tone = record.change > 0 ? 'ac-gain' : record.change < 0 ? 'ac-spend' : '';
  return (
    <div className="ac-record">
      <div className="ac-record-main">
        <span className="ac-record-title">{record.title}</span>
        <span className="ac-record-time">{formatTime(record.createdAt)}</span>
      </div>
      <div className="ac-record-side">
        <strong className={`ac-record-change ${tone}`} aria-label="积分变动">
          {signedPoints(record.change)}
        </strong>
        <span className="ac-record-balance">余额 {record.balance}</span>
      </div>
    </div>
  );
}

function PointsRecords({ userId, balance }: { userId: string; balance: number }) {
  const query = usePointsRecords(userId);
  const queryClient = useQueryClient();
  const shownBalance = useRef(balance);
  // The balance moved elsewhere (a code redeemed, a video paid for): the list has a new record.
  useEffect(() => {
    if (shownBalance.current === balance) return;
    shownBalance.current = balance;
    void queryClient.invalidateQueries({ queryKey: ['points-records', userId] });
  }, [balance, userId, queryClient]);
  return (
    <RecordList
      query={query}
      renderItem={(record) => <PointsRow record={record} />}
      emptyTitle="暂无积分记录"
      emptyDescription="积分的每一次变动都会记录在这里"
    />
  );
}

/** 积分记录: every change of the user's points, newest first, with the balance after each. */
export default function PointsRecordPage() {
  const user = useUserInfo();
  if (!user?.token) return <SignInPrompt title="登录后查看积分记录" />;
  return <PointsRecords userId={user.id} balance={user.createNum} />;
}
