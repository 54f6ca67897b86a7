import { SignInPrompt, useUserInfo } from '@app/shared';
import { Avatar, List } from '@app/shared/kit';
import { maskPhone } from '../../format';
import '../../styles.css';

/** 个人资料: the signed-in user's avatar, nickname, name and phone. */
export default function ProfilePage() {
  const user = useUserInfo();
  if (!user?.token) return <SignInPrompt title="登录后查看个人资料" />;
  return (
    <List className="ac-list ac-profile">
      <List.Item extra={<Avatar src={user.avatar} style={{ '--size': '2.5rem', '--border-radius': '50%' } as React.CSSProperties} />}>头像</List.Item>
      <List.Item extra={user.nickname}>昵称</List.Item>
      <List.Item extra={user.name || '未填写'}>姓名</List.Item>
      <List.Item extra={maskPhone(user.phone)}>手机号</List.Item>
    </List>
  );
}
