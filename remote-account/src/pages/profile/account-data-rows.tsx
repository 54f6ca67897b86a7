import { navigateTo } from '@app/shared';
import { List } from '@app/shared/kit/more';

const open = (url: string) => void navigateTo({ url }).catch(() => undefined);

/** 个人资料's rows for the user's rights over the account: take the data along, or close it. */
export function AccountDataRows() {
  return (
    <List className="ac-profile-list ac-account-rows">
      <List.Item onClick={() => open('/pagesA/my/exportData')} arrowIcon>
        导出我的数据
      </List.Item>
      <List.Item onClick={() => open('/pagesA/my/closeAccount')} arrowIcon>
        注销账号
      </List.Item>
    </List>
  );
}
