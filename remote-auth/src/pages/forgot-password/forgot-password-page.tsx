import type { SignInResult } from '@app/contract';
import { api, reLaunch, session, toast, useVersionInfo } from '@app/shared';
import { Button, DotLoading } from '@app/shared/kit';
import { useRef, useState } from 'react';
import { offerToCancelClosing } from '../login/closing-dialog';
import { CodeField } from '../login/code-field';
import { codeProblem, loginErrorText, phoneProblem } from '../login/login-form';
import { newPasswordText } from '../login/new-password';
import { PasswordField, PhoneField } from '../login/password-field';
import { useCodeSender } from '../login/sms-code';
import { PASSWORD_RULE } from '@app/contract';
import '../../styles.css';

export const RESET_PASSWORD_URL = '/api/v1/account/reset_password';
/** Where a user who has just set a new password lands, signed in. */
const AFTER_RESET_URL = '/pages/my/myIndex';

/** docs/api.md, /api/v1/account/reset_password: every session ends, and the answer signs in anew. */
function resetPassword(body: { phone: string; code: string; password: string }): Promise<SignInResult> {
  return api(RESET_PASSWORD_URL, body, { hideErrorToast: true });
}

type Field = 'phone' | 'code' | 'password';

/** With SMS codes: phone → 获取验证码 (purpose reset) → code and the new password → signed in. */
function ResetBySms() {
  const [form, setForm] = useState({ phone: '', code: '', password: '', again: '' });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState('');
  const [saving, setSaving] = useState(false);
  const busy = useRef(false);
  const sender = useCodeSender('reset');

  const edit = (field: keyof typeof form, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setProblems((p) => ({ ...p, [field === 'again' ? 'password' : field]: undefined }));
    setFailure('');
  };

  const sendCode = async () => {
    const problem = phoneProblem(form.phone);
    setProblems((p) => ({ ...p, phone: problem }));
    if (problem) return;
    setFailure(await sender.send(form.phone));
  };

  const submit = async () => {
    if (busy.current) return;
    const found = { phone: phoneProblem(form.phone), code: codeProblem(form.code), password: newPasswordText(form.password, form.again, form.phone) || undefined };
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    busy.current = true;
    setSaving(true);
    setFailure('');
    let closingAt: number | undefined;
    try {
      const { welcomePoints: _w, mustChangePassword: _m, closingAt: closing, ...userInfo } = await resetPassword({ phone: form.phone, code: form.code, password: form.password });
      session.set(userInfo);
      closingAt = closing;
    } catch (error) {
      setFailure(loginErrorText(error, '验证码错误'));
      busy.current = false;
      setSaving(false);
      return;
    }
    // An account in 注销账号's cooling-off: the same offer as at 登录 (declined, the session ends and
    // 我的 shows signed out); the new password stands either way.
    if (closingAt !== undefined) await offerToCancelClosing(closingAt);
    void toast('密码已重设，其他设备上的登录已退出', 3000, { outlivesPage: true });
    await reLaunch({ url: AFTER_RESET_URL }).catch(() => undefined);
  };

  return (
    <form
      className="au-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="au-step-note">输入注册时的手机号，获取验证码后设置新密码。</p>
      <PhoneField value={form.phone} invalid={Boolean(problems.phone)} onChange={(v) => edit('phone', v)} />
      <p className="au-problem" role="alert" aria-label="手机号提示">
        {problems.phone}
      </p>
      <CodeField value={form.code} invalid={Boolean(problems.code)} onChange={(v) => edit('code', v)} sender={sender} onSend={() => void sendCode()} />
      <p className="au-problem" role="alert" aria-label="验证码提示">
        {problems.code}
      </p>
      <PasswordField label="新密码" placeholder="请输入新密码" autoComplete="new-password" value={form.password} invalid={Boolean(problems.password)} onChange={(v) => edit('password', v)} />
      <div className="au-gap" />
      <PasswordField label="确认新密码" placeholder="请再次输入新密码" autoComplete="new-password" value={form.again} invalid={Boolean(problems.password)} onChange={(v) => edit('again', v)} />
      <p className="au-rule">{PASSWORD_RULE}</p>
      <p className="au-problem" role="alert" aria-label="新密码提示">
        {problems.password}
      </p>
      <Button className="au-submit" block color="primary" shape="rounded" size="large" type="submit" aria-label="重设密码" loading={saving} disabled={saving}>
        重设密码
      </Button>
      <p className="au-failure" role="alert" aria-label="重设结果">
        {failure}
      </p>
    </form>
  );
}

/** Without SMS codes: who to ask (SUPPORT_CONTACT), and what happens then. */
function AskSupport({ contact }: { contact: string }) {
  return (
    <div className="au-contact">
      <p>暂不支持通过短信验证码找回密码。</p>
      <p>
        请联系客服重设密码{contact ? '：' : '。'}
        {contact && <strong>{contact}</strong>}
      </p>
      <p>客服核实是你本人后，会给你一个一次性密码。用它登录后，按提示设置新密码即可；其他设备上的登录会全部退出。</p>
    </div>
  );
}

/** 忘记密码 (from 登录): reset by SMS code when the server sends codes, else the operator's contact. */
export default function ForgotPasswordPage() {
  const info = useVersionInfo();
  let body: React.ReactNode;
  if (info.data) body = info.data.smsLogin ? <ResetBySms /> : <AskSupport contact={info.data.supportContact} />;
  else if (info.isError) {
    body = (
      <div className="au-contact">
        <p>无法连接服务器。</p>
        <Button size="small" color="primary" fill="outline" onClick={() => void info.refetch()}>
          重试
        </Button>
      </div>
    );
  } else body = <DotLoading color="primary" />;
  return <div className="au-forgot-page">{body}</div>;
}
