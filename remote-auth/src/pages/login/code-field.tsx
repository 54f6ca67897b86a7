import { Button } from '@app/shared/kit';
import { Input } from '@app/shared/kit/more';
import type { useCodeSender } from './sms-code';

/** The 6-digit code and its 获取验证码 button (numeric keyboard, the phone's SMS autofill). */
export function CodeField(props: { value: string; invalid: boolean; onChange(value: string): void; sender: ReturnType<typeof useCodeSender>; onSend(): void }) {
  const { sender } = props;
  return (
    <div className={`au-field${props.invalid ? ' au-field-invalid' : ''}`}>
      <Input
        aria-label="验证码"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="请输入 6 位验证码"
        maxLength={6}
        value={props.value}
        onChange={(v) => props.onChange(v.replace(/\D/g, '').slice(0, 6))}
      />
      <Button className="au-code-button" type="button" fill="none" size="small" color="primary" aria-label={sender.label} loading={sender.sending} disabled={sender.sending || sender.waiting} onClick={props.onSend}>
        {sender.label}
      </Button>
    </div>
  );
}
