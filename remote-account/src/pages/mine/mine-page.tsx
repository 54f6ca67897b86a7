import { navigateTo, openRedeemDialog, showModal, stringifyQuery, switchTab, useUserInfo } from '@app/shared';
import { Button } from '@app/shared/kit';
import { Avatar, List } from '@app/shared/kit/more';
import { useState } from 'react';
import { maskPhone, membershipLabel } from '../../format';
import { logout } from './logout';
import '../../styles.css';

const open = (url: string) => void navigateTo({ url }).catch(() => undefined);
const LOGIN_URL = `/pagesA/login/index?${stringifyQuery({ redirect: '/pages/my/myIndex' })}`;

/** 我的: who is signed in, their points and membership, and the ways to their records. */
export default function MinePage() {
  const user = useUserInfo();
  const signedIn = Boolean(user?.token);

  const [signingOut, setSigningOut] = useState(false);

  const signOut = async () => {
    const { confirm } = await showModal({ title: '退出登录', content: '确定要退出登录吗？' });
    if (!confirm) return;
    setSigningOut(true);
    try {
      await logout();
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <div className="ac-mine">
      <header className="ac-mine-header">
        {signedIn && user ? (
          <div className="ac-user">
            <Avatar src={user.avatar} className="ac-avatar" style={{ '--size': '3.5rem', '--border-radius': '50%' } as React.CSSProperties} />
            <div className="ac-user-text">
              <strong className="ac-nickname">{user.nickname}</strong>
              <span className="ac-phone">{maskPhone(user.phone)}</span>
            </div>
          </div>
        ) : (
          <div className="ac-user">
            <Avatar src="" className="ac-avatar" style={{ '--size': '3.5rem', '--border-radius': '50%' } as React.CSSProperties} />
            <div className="ac-user-text">
              <strong className="ac-nickname">未登录</strong>
              <span className="ac-phone">登录后查看积分和作品</span>
            </div>
            <Button size="small" shape="rounded" className="ac-login-button" onClick={() => open(LOGIN_URL)}>
              登录/注册
            </Button>
          </div>
        )}
        {signedIn && user && (
          <div className="ac-stats">
            <div>
              <strong aria-label="积分余额">{user.createNum}</strong>
              <span>积分</span>
            </div>
            <div>
              <strong className="ac-member">{membershipLabel(user.expireTime)}</strong>
              <span>会员</span>
            </div>
          </div>
        )}
      </header>

      <List className="ac-list">
        {signedIn && (
          <List.Item onClick={() => void openRedeemDialog()} description="用激活码兑换积分和会员">
            兑换激活码
          </List.Item>
        )}
        {signedIn && (
          <List.Item onClick={() => void switchTab({ url: '/pages/create/create' }).catch(() => undefined)} description="我生成的视频">
            我的创作
          </List.Item>
        )}
        {signedIn && <List.Item onClick={() => open('/pagesA/my/pointsRecord')}>积分记录</List.Item>}
        {signedIn && <List.Item onClick={() => open('/pagesA/my/exchangeRecords')}>兑换记录</List.Item>}
        {signedIn && <List.Item onClick={() => open('/pagesA/my/profile')}>个人资料</List.Item>}
        <List.Item onClick={() => open('/pages/about/about')}>关于</List.Item>
      </List>

      {signedIn && (
        <div className="ac-signout">
          <Button block shape="rounded" loading={signingOut} disabled={signingOut} onClick={() => void signOut()}>
            退出登录
          </Button>
        </div>
      )}
    </div>
  );
}
