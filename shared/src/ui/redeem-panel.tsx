import { Button } from '@app/shared/kit';
import { Input } from '@app/shared/kit/more';
import { useRef, useState } from 'react';
import type { RedeemResult } from '@app/contract';
import { activateCode, codeProblem, redeemErrorText } from '../api/activation-code';

// Inline styles: this dialog belongs to no remote's stylesheet, and any remote may open it.
const styles = {
  title: { margin: '0 0 0.5rem', fontSize: '1.125rem', fontWeight: 600, color: '#00275a', textAlign: 'center' },
  grants: { margin: '0 0 0.5rem', padding: 0, listStyle: 'none', textAlign: 'center', color: '#0067ed' },
  line: { margin: '0 0 0.5rem', textAlign: 'center', color: '#5b6b82', fontSize: '0.875rem' },
  // border-box: with its padding at 100% width the input would overflow and scroll the dialog sideways.
  // No vertical padding: the field itself is 44px high (app-tap-input, kit.css), all of it a tap target.
  input: { '--font-size': '1rem', boxSizing: 'border-box', padding: '0 0.75rem', borderRadius: '0.5rem', background: '#f2f5fa' },
  error: { minHeight: '1.25rem', margin: '0.375rem 0 0.75rem', fontSize: '0.8125rem', color: '#cf1322' },
  actions: { display: 'flex', gap: '0.75rem' },
} satisfies Record<string, React.CSSProperties | Record<string, string>>;

const pad = (n: number) => String(n).padStart(2, '0');
const day = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** The dialog's body: the code form, then what the code granted. */
export function RedeemPanel({ onDone }: { onDone(result: RedeemResult | null): void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<RedeemResult | null>(null);
  // A ref, not the state: two taps within one render both see busy === false.
  const sending = useRef(false);

  const redeem = async () => {
    if (sending.current) return;
    const problem = codeProblem(code);
    if (problem) {
      setError(problem);
      return;
    }
    sending.current = true;
    setBusy(true);
    setError('');
    try {
      setResult(await activateCode(code));
    } catch (failure) {
      // The code stays in the input: the user corrects it rather than typing it again.
      setError(redeemErrorText(failure));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  if (result) {
    return (
      <div className="app-redeem app-redeem-done" role="status">
        <p className="app-redeem-title" style={styles.title}>兑换成功</p>
        <ul className="app-redeem-grants" style={styles.grants}>
          {result.points > 0 && <li>获得 {result.points} 积分</li>}
          {result.days > 0 && <li>会员延长 {result.days} 天</li>}
        </ul>
        <p className="app-redeem-balance" style={styles.line}>
          当前积分 <strong aria-label="兑换后积分">{result.createNum}</strong>
        </p>
        {result.expireTime > 0 && <p className="app-redeem-member" style={styles.line}>会员有效期至 {day(result.expireTime)}</p>}
        <Button block color="primary" shape="rounded" onClick={() => onDone(result)}>
          完成
        </Button>
      </div>
    );
  }

  return (
    <div className="app-redeem">
      <Input
        className="app-redeem-input app-tap-input"
        style={styles.input as React.CSSProperties}
        aria-label="激活码"
        placeholder="请输入 16 位激活码"
        value={code}
        onChange={(value) => {
          setCode(value);
          setError('');
        }}
        onEnterPress={() => void redeem()}
        clearable
        autoFocus
        maxLength={40}
        autoComplete="off"
        enterKeyHint="done"
      />
      <p className="app-redeem-error" style={styles.error} role="alert">
        {error}
      </p>
      <div className="app-redeem-actions" style={styles.actions}>
        <Button shape="rounded" style={{ flex: 1 }} disabled={busy} onClick={() => onDone(null)}>
          取消
        </Button>
        <Button
          color="primary"
          shape="rounded"
          style={{ flex: 1 }}
          // Named for what it does while its text gives way to the loading dots.
          aria-label="兑换"
          aria-busy={busy}
          loading={busy}
          disabled={busy}
          onClick={() => void redeem()}
        >
          兑换
        </Button>
      </div>
    </div>
  );
}
