import { ApiError, reLaunch, session, showModal, SignInPrompt, toast, useUserInfo } from '@app/shared';
import { Button } from '@app/shared/kit';
import { Input, List, SpinLoading } from '@app/shared/kit/more';
import { useEffect, useRef, useState } from 'react';
import { PASSWORD_MAX } from '@app/contract';
import { maskPhone } from '../../format';
import { sendDeleteCode, useClosingSummary, useDeleteAccount } from './close-account';
import '../../styles.css';

const RESEND_SECONDS = 60;
const DAY_MS = 24 * 3600 * 1000;

/** A refusal as the user should read it: the server's words, or a network failure said plainly. */
function problemText(error: unknown): string {
  if (error instanceof ApiError) return error.rspMsg;
  return '网络异常，请稍后再试';
}

/** 获取验证码 with its 60 s wait (the server allows one code a minute per phone). */
function SendCodeButton({ phone }: { phone: string }) {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const send = async () => {
    if (sending || left > 0) return;
    setSending(true);
    setProblem('');
    try {
      await sendDeleteCode(phone);
      setLeft(RESEND_SECONDS);
      toast('验证码已发送');
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      <Button size="small" color="primary" fill="outline" loading={sending} disabled={left > 0} onClick={() => void send()}>
        {left > 0 ? `${left} 秒后重新获取` : '获取验证码'}
      </Button>
      {problem && (
        <span className="ac-problem ac-code-problem" role="alert">
          {problem}
        </span>
      )}
    </>
  );
}

/**
 * 注销账号 (docs/product.md "注销账号"): what will be lost, then the SMS code (or the password when
 * SMS is off) and a last confirmation. Asked, every session ends: the app goes back to 我的,
 * signed out.
 */
export default function CloseAccountPage() {
  const user = useUserInfo();
  const summary = useClosingSummary();
  const closing = useDeleteAccount();
  const [proof, setProof] = useState('');
  const [problem, setProblem] = useState('');
  const sending = useRef(false);
  if (!user?.token) return <SignInPrompt title="登录后注销账号" />;
  if (summary.isPending) {
    return (
      <div className="ac-close ac-close-loading">
        <SpinLoading aria-label="加载中" />
      </div>
    );
  }
  if (summary.isError) {
    return (
      <div className="ac-close ac-close-loading">
        <Button color="primary" fill="none" onClick={() => void summary.refetch()}>
          加载失败，点击重试
        </Button>
      </div>
    );
  }
  const info = summary.data;
  const byCode = info.confirmBy === 'code';
  const when = info.days === 0 ? '提交后约一分钟内注销' : `提交后有 ${info.days} 天冷静期，期间重新登录可撤销注销；冷静期满后注销`;

  const submit = async () => {
    if (sending.current) return;
    if (byCode ? !/^\d{6}$/.test(proof) : proof === '') {
      setProblem(byCode ? '请输入 6 位验证码' : '请输入密码');
      return;
    }
    const sure = await showModal({
      title: '确定注销账号吗？',
      content: info.days === 0 ? '账号将被永久注销，无法恢复。' : `${info.days} 天后账号将被永久注销，无法恢复。`,
      confirmText: '确定注销',
      cancelText: '再想想',
    });
    if (!sure.confirm) return;
    sending.current = true;
    setProblem('');
    try {
      const { closingAt } = await closing.mutateAsync(byCode ? { code: proof } : { password: proof });
      // Every session of the account has ended on the server: this one too.
      session.clear();
      // Short enough for one line of the toast; 登录 tells the date during the cooling-off.
      toast(info.days === 0 ? '账号已申请注销' : `已申请注销，${Math.round((closingAt - Date.now()) / DAY_MS)} 天后生效`, 3000, { outlivesPage: true });
      await reLaunch({ url: '/pages/my/myIndex' }).catch(() => undefined);
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      sending.current = false;
    }
  };

  return (
    <div className="ac-close">
      <section className="ac-close-warning" aria-labelledby="ac-close-lost">
        <h2 id="ac-close-lost">注销后将失去以下内容，且无法恢复</h2>
        <List className="ac-profile-list">
          <List.Item extra={`${info.createNum} 积分`} description="清零，不退还">
            积分余额
          </List.Item>
          <List.Item extra={`${info.videos} 个`} description="视频、封面与分享链接一并删除">
            我的视频
          </List.Item>
          <List.Item extra={`${info.pointsRecords} 条`}>积分记录</List.Item>
          <List.Item extra={`${info.exchangeRecords} 条`}>兑换记录</List.Item>
          <List.Item description="昵称、姓名、头像和上传的图片、音乐">个人资料</List.Item>
        </List>
        <p className="ac-close-note">{when}。注销后该手机号可重新注册，但将是一个全新的账号。需要保留数据，请先在「导出我的数据」中导出。</p>
      </section>

      <List className="ac-profile-list">
        {byCode ? (
          <List.Item description={`验证码将发送至 ${maskPhone(user.phone)}`} extra={<SendCodeButton phone={user.phone} />}>
            <Input className="app-tap-input" aria-label="验证码" placeholder="请输入验证码" inputMode="numeric" maxLength={6} value={proof} onChange={(v) => { setProof(v.replace(/\D/g, '')); setProblem(''); }} />
          </List.Item>
        ) : (
          <List.Item description="输入登录密码以确认是本人操作">
            <Input className="app-tap-input" aria-label="密码" type="password" placeholder="请输入登录密码" maxLength={PASSWORD_MAX} value={proof} onChange={(v) => { setProof(v); setProblem(''); }} />
          </List.Item>
        )}
      </List>
      <p className="ac-save-failure" role="alert" aria-label="注销结果">
        {problem}
      </p>
      <div className="ac-save">
        <Button block color="danger" shape="rounded" loading={closing.isPending} disabled={closing.isPending} onClick={() => void submit()}>
          申请注销
        </Button>
      </div>
    </div>
  );
}

