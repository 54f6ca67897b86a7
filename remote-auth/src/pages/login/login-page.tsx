import type { SignInResult } from '@app/contract';
import { getCurrentPages, navigateBack, navigateTo, redirectTo, reLaunch, session, switchTab, useLegalLinks, usePageQuery, useVersionInfo } from '@app/shared';
import { Button, NavBar } from '@app/shared/kit';
import { Checkbox } from '@app/shared/kit/more';
import { useRef, useState } from 'react';
import { CodeField } from './code-field';
import { loginErrorText, NEW_ACCOUNT_PASSWORD_RULE, phoneProblem, validateLogin, type LoginField, type LoginForm, type LoginMode, type LoginProblems } from './login-form';
import { useLoginOrRegister } from './login-or-register';
import { newPasswordText, replaceOneTimePassword } from './new-password';
import { PasswordField, PhoneField } from './password-field';
import { isPageBelow, redirectTarget } from './redirect-target';
import { offerToCancelClosing } from './closing-dialog';
import { useCodeSender } from './sms-code';
import '../../styles.css';

export const FORGOT_PASSWORD_URL = '/pagesA/login/forgotPassword';

/** Where a signed-in user goes: where they were headed (`redirect`), else back. */
async function leave(redirect: string | undefined): Promise<void> {
  const target = redirectTarget(redirect);
  const go = target.tab
    ? switchTab({ url: target.url })
    : isPageBelow(target.url, getCurrentPages().at(-2))
      ? navigateBack()
      : redirectTo({ url: target.url });
  await go.catch(() => reLaunch({ url: '/' }).catch(() => undefined));
}

/**
 * 设置新密码: signed in with an operator's one-time password, the user sets their own before
 * anything else (the session is stored only then).
 */
function SetNewPassword({ signedIn, oneTime, onDone }: { signedIn: SignInResult; oneTime: string; onDone(): Promise<void> }) {
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [problem, setProblem] = useState('');
  const [failure, setFailure] = useState('');
  const [saving, setSaving] = useState(false);
  const busy = useRef(false);
  const save = async () => {
    if (busy.current) return;
    const found = newPasswordText(password, again, signedIn.phone);
    setProblem(found);
    if (found) return;
    busy.current = true;
    setSaving(true);
    setFailure('');
    try {
      const { welcomePoints: _w, mustChangePassword: _m, closingAt: _c, ...rest } = signedIn;
      session.set({ ...rest, ...(await replaceOneTimePassword(signedIn, oneTime, password)) });
    } catch (error) {
      setFailure(loginErrorText(error));
      busy.current = false;
      setSaving(false);
      return;
    }
    await onDone();
  };
  return (
    <form
      className="au-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h2 className="au-step-title">设置新密码</h2>
      <p className="au-step-note">你用的是客服提供的一次性密码，请先设置自己的新密码再继续使用。</p>
      <PasswordField label="新密码" placeholder="请输入新密码" autoComplete="new-password" value={password} invalid={problem !== ''} onChange={(v) => (setPassword(v), setProblem(''))} />
      <div className="au-gap" />
      <PasswordField label="确认新密码" placeholder="请再次输入新密码" autoComplete="new-password" value={again} invalid={problem !== ''} onChange={(v) => (setAgain(v), setProblem(''))} />
      <p className="au-rule">{NEW_ACCOUNT_PASSWORD_RULE.replace(/^注册时/, '')}</p>
      <p className="au-problem" role="alert" aria-label="新密码提示">
        {problem}
      </p>
      <Button className="au-submit" block color="primary" shape="rounded" size="large" type="submit" aria-label="确定" loading={saving} disabled={saving}>
        确定
      </Button>
      <p className="au-failure" role="alert" aria-label="设置结果">
        {failure}
      </p>
    </form>
  );
}

/**
 * 登录 (custom navigation bar): sign in, or register an unknown phone, by SMS code (验证码登录, the
 * default when the server sends codes) or password (密码登录), then go where the user was headed.
 */
export default function LoginPage() {
  const query = usePageQuery();
  const info = useVersionInfo();
  const smsLogin = info.data?.smsLogin === true;
  const [chosen, setChosen] = useState<LoginMode | null>(null);
  const mode: LoginMode = smsLogin ? (chosen ?? 'code') : 'password';
  const [form, setForm] = useState<LoginForm>({ phone: '', password: '', code: '', agreed: false });
  const [problems, setProblems] = useState<LoginProblems>({});
  const [failure, setFailure] = useState('');
  const [oneTime, setOneTime] = useState<{ signedIn: SignInResult; password: string } | null>(null);
  const login = useLoginOrRegister();
  const sender = useCodeSender('login');
  const legal = useLegalLinks();
  // A ref, not isPending: two taps in one render would both see isPending false.
  const sending = useRef(false);

  const back = () => {
    const go = getCurrentPages().length > 1 ? navigateBack() : reLaunch({ url: '/' });
    void go.catch(() => undefined);
  };

  const change = <K extends LoginField>(field: K, value: LoginForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setProblems((p) => ({ ...p, [field]: undefined }));
    setFailure('');
  };

  const switchMode = (next: LoginMode) => {
    setChosen(next);
    setProblems({});
    setFailure('');
  };

  const sendCode = async () => {
    const problem = phoneProblem(form.phone);
    setProblems((p) => ({ ...p, phone: problem, code: undefined }));
    if (problem) return;
    setFailure(await sender.send(form.phone));
  };

  const submit = async () => {
    if (sending.current) return;
    const found = validateLogin(form, mode);
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    sending.current = true;
    setFailure('');
    let signedIn: SignInResult;
    try {
      signedIn = await login.mutateAsync(mode === 'code' ? { phone: form.phone, code: form.code } : { phone: form.phone, password: form.password });
    } catch (error) {
      setFailure(loginErrorText(error, mode === 'code' ? '验证码错误' : '密码错误'));
      sending.current = false;
      return;
    }
    if (signedIn.mustChangePassword) {
      setOneTime({ signedIn, password: form.password });
      sending.current = false;
      return;
    }
    // An account in 注销账号's cooling-off: go on only if the user takes it back.
    if (signedIn.closingAt !== undefined && !(await offerToCancelClosing(signedIn.closingAt))) {
      sending.current = false;
      return;
    }
    // Still "sending" until the page is replaced: a tap meanwhile would sign in again.
    await leave(query.redirect);
    sending.current = false;
  };

  return (
    <div className="au-login">
      <NavBar className="au-nav" onBack={back} style={{ '--height': '44px' } as React.CSSProperties} />
      <header className="au-brand">
        <svg viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
          <rect width="48" height="48" rx="12" fill="#0067ed" />
          <path d="m19 15 15 9-15 9z" fill="#fff" />
        </svg>
        <h1>登录 AI视频生成工具</h1>
        <p>未注册的手机号登录后将自动注册</p>
      </header>

      {oneTime ? (
        <SetNewPassword
          signedIn={oneTime.signedIn}
          oneTime={oneTime.password}
          onDone={async () => {
            // An account in 注销账号's cooling-off, its password now the user's own: the same offer
            // as any sign-in to it. Declined, the session has ended: back to the sign-in form.
            const { closingAt } = oneTime.signedIn;
            if (closingAt !== undefined && !(await offerToCancelClosing(closingAt))) {
              setOneTime(null);
              return;
            }
            await leave(query.redirect);
          }}
        />
      ) : (
        <form
          className="au-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {smsLogin && (
            <div className="au-tabs" role="tablist" aria-label="登录方式">
              {(
                [
                  ['code', '验证码登录'],
                  ['password', '密码登录'],
                ] as const
              ).map(([value, title]) => (
                <button key={value} type="button" role="tab" className="au-tab" aria-selected={mode === value} onClick={() => switchMode(value)}>
                  {title}
                </button>
              ))}
            </div>
          )}

          <PhoneField value={form.phone} invalid={Boolean(problems.phone)} onChange={(v) => change('phone', v)} />
          <p className="au-problem" role="alert" aria-label="手机号提示">
            {problems.phone}
          </p>

          {mode === 'code' ? (
            <>
              <CodeField value={form.code} invalid={Boolean(problems.code)} onChange={(v) => change('code', v)} sender={sender} onSend={() => void sendCode()} />
              <p className="au-problem" role="alert" aria-label="验证码提示">
                {problems.code}
              </p>
            </>
          ) : (
            <>
              <PasswordField label="密码" placeholder="请输入密码" autoComplete="current-password" value={form.password} invalid={Boolean(problems.password)} onChange={(v) => change('password', v)} />
              <div className="au-rule-line">
                <p className="au-rule" aria-label="密码规则">
                  {NEW_ACCOUNT_PASSWORD_RULE}
                </p>
                <a
                  className="au-forgot"
                  href={`#${FORGOT_PASSWORD_URL}`}
                  onClick={(e) => {
                    e.preventDefault();
                    void navigateTo({ url: FORGOT_PASSWORD_URL }).catch(() => undefined);
                  }}
                >
                  忘记密码
                </a>
              </div>
              <p className="au-problem" role="alert" aria-label="密码提示">
                {problems.password}
              </p>
            </>
          )}

          <Button className="au-submit" block color="primary" shape="rounded" size="large" type="submit" aria-label="登录/注册" loading={login.isPending} disabled={login.isPending}>
            登录/注册
          </Button>
          <p className="au-failure" role="alert" aria-label="登录结果">
            {failure}
          </p>

          <div className="au-agree-line">
            <Checkbox className="au-agree" checked={form.agreed} onChange={(checked) => change('agreed', checked)} style={{ '--icon-size': '1rem', '--font-size': '0.8125rem', '--gap': '0.375rem' } as React.CSSProperties}>
              我已阅读并同意
            </Checkbox>
            {/* Links beside the box, not in its label: reading them does not tick it. */}
            <a className="au-doc" href={legal.terms} target="_blank" rel="noopener">
              《用户协议》
            </a>
            和
            <a className="au-doc" href={legal.privacy} target="_blank" rel="noopener">
              《隐私政策》
            </a>
          </div>
          <p className="au-problem au-problem-agree" role="alert" aria-label="协议提示">
            {problems.agreed}
          </p>
        </form>
      )}
    </div>
  );
}
