import { Type } from '@sinclair/typebox';
import { adminCall } from '../call';
import { PHONE_PATTERN, TASK_STATUSES } from '../limits';

const phone = Type.String({ pattern: PHONE_PATTERN, title: '手机号' });

/** One account as an operator sees it (`npm run admin -- users show PHONE`). */
export const AdminUser = Type.Object({
  id: Type.String(),
  phone: Type.String(),
  nickname: Type.String(),
  points: Type.Integer({ description: '积分余额' }),
  memberUntil: Type.Integer({ description: '会员到期时间（毫秒）；0 表示从未开通' }),
  createdAt: Type.Integer({ description: '注册时间（毫秒）' }),
  hasPassword: Type.Boolean({ description: '设置过密码（用验证码注册、没设过密码的为 false）' }),
  mustChangePassword: Type.Boolean({ description: '持有运营人员给的一次性密码，还没换成自己的' }),
  smsLogin: Type.Boolean({ description: '本服务配置了短信验证码（可用验证码登录、忘记密码）' }),
  sessions: Type.Integer({ description: '有效的登录（未退出、未过期的令牌）数' }),
  videos: Type.Object(Object.fromEntries(TASK_STATUSES.map((status) => [status, Type.Integer()])) as Record<(typeof TASK_STATUSES)[number], ReturnType<typeof Type.Integer>>, {
    description: '各状态的视频数',
  }),
});

export const showUser = adminCall({
  path: '/admin/api/users/show',
  summary: '查看一个用户：余额、各状态视频数、注册时间、登录方式',
  description: '手机号未注册：rspCode 4 `用户不存在`。',
  body: Type.Object({ phone }),
  data: AdminUser,
});

export const resetUserPassword = adminCall({
  path: '/admin/api/users/reset_password',
  summary: '给用户一个一次性密码',
  description:
    '回答里的 password 只出现这一次。用它登录后必须先设置新密码（登录回答 mustChangePassword 为 true）才能做别的；' +
    '这个用户已有的登录全部结束，同一手机号的密码错误次数清零。手机号未注册：rspCode 4 `用户不存在`。',
  body: Type.Object({ phone }),
  data: Type.Object({ phone: Type.String(), password: Type.String({ description: '一次性密码' }) }),
});

/** The operators' account calls (README "When a user is locked out"). */
export const adminUserCalls = { showUser, resetUserPassword };
