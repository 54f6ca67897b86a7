import { getCurrentPages, navigateBack, redirectTo, reLaunch, switchTab, useLegalLinks, usePageQuery } from '@app/shared';
import { Button, NavBar } from '@app/shared/kit';
import { Checkbox, Input } from '@app/shared/kit/more';
import { useRef, useState } from 'react';
import { PASSWORD_MAX } from '@app/contract';
import { loginErrorText, NEW_ACCOUNT_PASSWORD_RULE, validateLogin, type LoginField, type LoginForm, type LoginProblems } from './login-form';
import { useLoginOrRegister } from './login-or-register';
import { isPageBelow, redirectTarget } from './redirect-target';
import '../../styles.css';

const EYE_OPEN = 'M12 5C6.5 5 2.7 9.3 1.5 12c1.2 2.7 5 7 10.5 7s9.3-4.3 10.5-7C21.3 9.3 17.5 5 12 5zm0 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8z';
const EYE_SHUT = 'M2.3 3.7 3.7 2.3l18 18-1.4 1.4-3.4-3.4A11 11 0 0 1 12 19C6.5 19 2.7 14.7 1.5 12a14 14 0 0 1 4.2-5.3zM12 5c5.5 0 9.3 4.3 10.5 7a14 14 0 0 1-2.6 3.8L16 11.9A4 4 0 0 0 12.1 8L9.6 5.3C10.4 5.1 11.2 5 12 5z';

/** 登录 (custom navigation bar): sign in, or register an unknown phone, then go where the user was headed. */
export default function LoginPage() {
  const query = usePageQuery();
  const [form, setForm] = useState<LoginForm>({ phone: '', password: '', agreed: false });
  const [problems, setProblems] = useState<LoginProblems>({});
  const [failure, setFailure] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const login = useLoginOrRegister();
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

  const submit = async () => {
    if (sending.current) return;
    const found = validateLogin(form);
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    sending.current = true;
    setFailure('');
    try {
      await login.mutateAsync({ phone: form.phone, password: form.password });
    } catch (error) {
      setFailure(loginErrorText(error));
      sending.current = false;
      return;
    }
    // Still "sending" until the page is replaced: a tap meanwhile would sign in again.
    const target = redirectTarget(query.redirect);
    const go = target.tab
      ? switchTab({ url: target.url })
      : isPageBelow(target.url, getCurrentPages().at(-2))
        ? navigateBack()
        : redirectTo({ url: target.url });
    await go.catch(() => reLaunch({ url: '/' }).catch(() => undefined));
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

      <form
        className="au-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className={`au-field${problems.phone ? ' au-field-invalid' : ''}`}>
          <span className="au-field-prefix" aria-hidden="true">
            +86
          </span>
          <Input
            aria-label="手机号"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="请输入手机号"
            maxLength={11}
            clearable
            value={form.phone}
            // Digits only: a pasted "138 0013 8000" or "+86" keeps its number.
            onChange={(v) => change('phone', v.replace(/\D/g, '').replace(/^86(?=1\d{10}$)/, '').slice(0, 11))}
          />
        </div>
        <p className="au-problem" role="alert" aria-label="手机号提示">
          {problems.phone}
        </p>

        <div className={`au-field${problems.password ? ' au-field-invalid' : ''}`}>
          <Input
            aria-label="密码"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            placeholder="请输入密码"
            maxLength={PASSWORD_MAX}
            value={form.password}
            onChange={(v) => change('password', v)}
          />
          <button
            type="button"
            className="au-eye"
            aria-label={showPassword ? '隐藏密码' : '显示密码'}
            aria-pressed={showPassword}
            onClick={() => setShowPassword((s) => !s)}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d={showPassword ? EYE_OPEN : EYE_SHUT} fill="currentColor" />
            </svg>
          </button>
        </div>
        <p className="au-rule" aria-label="密码规则">
          {NEW_ACCOUNT_PASSWORD_RULE}
        </p>
        <p className="au-problem" role="alert" aria-label="密码提示">
          {problems.password}
        </p>

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
    </div>
  );
}
