import { PASSWORD_MAX, PASSWORD_RULE } from '@app/contract';
import { navigateBack, SignInPrompt, toast, useUserInfo } from '@app/shared';
import { Button } from '@app/shared/kit';
import { Input, List } from '@app/shared/kit/more';
import { useRef, useState } from 'react';
import { changePassword, passwordDraftProblem, passwordErrorText, type PasswordDraft } from './change-password';
import '../../styles.css';

/**
 * 修改密码 (from 个人资料): the old password (not asked of an account made by an SMS code that has
 * none yet), the new one twice. Every other device is signed out; this one stays.
 */
export default function ChangePasswordPage() {
  const user = useUserInfo();
  const [draft, setDraft] = useState<PasswordDraft>({ old: '', password: '', again: '' });
  const [problem, setProblem] = useState('');
  const [failure, setFailure] = useState('');
  const [saving, setSaving] = useState(false);
  const busy = useRef(false);
  if (!user?.token) return <SignInPrompt title="登录后修改密码" />;
  // Only `false` says there is none: a session stored before the field existed asks for it.
  const needsOld = user.hasPassword !== false;

  const edit = (field: keyof PasswordDraft, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setProblem('');
    setFailure('');
  };

  const save = async () => {
    if (busy.current) return;
    const found = passwordDraftProblem(draft, user.phone, needsOld);
    setProblem(found);
    if (found) return;
    busy.current = true;
    setSaving(true);
    try {
      await changePassword({ ...(needsOld ? { oldPassword: draft.old } : {}), newPassword: draft.password });
    } catch (error) {
      setFailure(passwordErrorText(error));
      busy.current = false;
      setSaving(false);
      return;
    }
    void toast(needsOld ? '密码已修改，其他设备上的登录已退出' : '密码已设置，其他设备上的登录已退出', 3000, { outlivesPage: true });
    await navigateBack().catch(() => undefined);
  };

  const field = (name: keyof PasswordDraft, label: string, placeholder: string, autoComplete: string) => (
    <List.Item title={label}>
      <Input className="app-tap-input" aria-label={label} type="password" autoComplete={autoComplete} placeholder={placeholder} maxLength={PASSWORD_MAX} value={draft[name]} onChange={(v) => edit(name, v)} />
    </List.Item>
  );

  return (
    <div className="ac-profile">
      {!needsOld && <p className="ac-password-note">你用短信验证码注册，还没有设置过密码。设置后也可以用手机号和密码登录。</p>}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <List className="ac-profile-list">
          {needsOld && field('old', '原密码', '请输入原密码', 'current-password')}
          {field('password', '新密码', '请输入新密码', 'new-password')}
          {field('again', '确认新密码', '请再次输入新密码', 'new-password')}
        </List>
        <p className="ac-password-rule">{PASSWORD_RULE}</p>
        <p className="ac-save-failure" role="alert" aria-label="密码提示">
          {problem || failure}
        </p>
        <div className="ac-save">
          <Button block color="primary" shape="rounded" type="submit" aria-label="确定" loading={saving} disabled={saving}>
            确定
          </Button>
        </div>
      </form>
    </div>
  );
}
