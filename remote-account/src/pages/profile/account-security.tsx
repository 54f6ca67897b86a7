import type { UserInfo } from '@app/contract';
import { navigateTo, reLaunch, showModal, toast } from '@app/shared';
import { List } from '@app/shared/kit/more';
import { logoutAll, passwordErrorText } from '../change-password/change-password';

export const CHANGE_PASSWORD_PAGE = '/pagesA/my/changePassword';
const LOGIN_PAGE = '/pagesA/login/index';

/** 个人资料's account rows: 修改密码 (设置密码 for an account made by a code) and 退出所有设备. */
export function AccountSecurity({ user }: { user: UserInfo }) {
  const endAll = async () => {
    const { confirm } = await showModal({
      title: '退出所有设备？',
      content: '所有设备（包括这台）上的登录都会退出，需要重新登录。',
      confirmText: '全部退出',
      cancelText: '取消',
    });
    if (!confirm) return;
    try {
      await logoutAll();
    } catch (error) {
      void toast(passwordErrorText(error, '退出失败'));
      return;
    }
    void toast('已退出所有设备', 2000, { outlivesPage: true });
    await reLaunch({ url: LOGIN_PAGE }).catch(() => undefined);
  };
  return (
    <List className="ac-profile-list">
      <List.Item arrowIcon onClick={() => void navigateTo({ url: CHANGE_PASSWORD_PAGE }).catch(() => undefined)}>
        {user.hasPassword === false ? '设置密码' : '修改密码'}
      </List.Item>
      <List.Item arrowIcon onClick={() => void endAll()}>
        <span className="ac-danger-text">退出所有设备</span>
      </List.Item>
    </List>
  );
}
