import { PASSWORD_MAX } from '@app/contract';
import { Input } from '@app/shared/kit/more';
import { useState } from 'react';

const EYE_OPEN = 'M12 5C6.5 5 2.7 9.3 1.5 12c1.2 2.7 5 7 10.5 7s9.3-4.3 10.5-7C21.3 9.3 17.5 5 12 5zm0 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8z';
const EYE_SHUT = 'M2.3 3.7 3.7 2.3l18 18-1.4 1.4-3.4-3.4A11 11 0 0 1 12 19C6.5 19 2.7 14.7 1.5 12a14 14 0 0 1 4.2-5.3zM12 5c5.5 0 9.3 4.3 10.5 7a14 14 0 0 1-2.6 3.8L16 11.9A4 4 0 0 0 12.1 8L9.6 5.3C10.4 5.1 11.2 5 12 5z';

/** A password field with its eye (show / hide); `label` names it for screen readers. */
export function PasswordField(props: { label: string; placeholder: string; value: string; invalid: boolean; autoComplete: 'current-password' | 'new-password'; onChange(value: string): void }) {
  const [shown, setShown] = useState(false);
  return (
    <div className={`au-field${props.invalid ? ' au-field-invalid' : ''}`}>
      <Input
        aria-label={props.label}
        type={shown ? 'text' : 'password'}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        maxLength={PASSWORD_MAX}
        value={props.value}
        onChange={props.onChange}
      />
      <button type="button" className="au-eye" aria-label={shown ? '隐藏密码' : '显示密码'} aria-pressed={shown} onClick={() => setShown((s) => !s)}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d={shown ? EYE_OPEN : EYE_SHUT} fill="currentColor" />
        </svg>
      </button>
    </div>
  );
}

/** The phone field (+86, digits only: a pasted "138 0013 8000" or "+86" keeps its number). */
export function PhoneField(props: { value: string; invalid: boolean; onChange(value: string): void }) {
  return (
    <div className={`au-field${props.invalid ? ' au-field-invalid' : ''}`}>
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
        value={props.value}
        onChange={(v) => props.onChange(v.replace(/\D/g, '').replace(/^86(?=1\d{10}$)/, '').slice(0, 11))}
      />
    </div>
  );
}
