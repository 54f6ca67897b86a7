import { useEffect, useState } from 'react';

interface Props {
  value: number;
  min: number;
  max: number;
  disabled?: boolean;
  /** The id of the visible label that names the field and its group. */
  labelledBy: string;
  onChange(value: number): void;
}

/**
 * 时长: − and + (44×44 each) around a number field. A number field (its role is spinbutton) named
 * by the row's label; the kit's Stepper gives its field role="spinbutton" on a text input, which
 * axe reads as a textbox carrying spinbutton attributes, and no name. Typing is kept as typed
 * and applied, within min–max, on leaving the field or Enter.
 */
export function DurationStepper({ value, min, max, disabled = false, labelledBy, onChange }: Props) {
  const [typed, setTyped] = useState(String(value));
  useEffect(() => setTyped(String(value)), [value]);
  const apply = () => {
    const n = Math.round(Number(typed));
    if (typed.trim() === '' || !Number.isFinite(n)) setTyped(String(value));
    else {
      const bounded = Math.min(max, Math.max(min, n));
      setTyped(String(bounded));
      if (bounded !== value) onChange(bounded);
    }
  };
  return (
    <div className="cr-stepper" role="group" aria-labelledby={labelledBy}>
      <button type="button" className="cr-stepper-button" aria-label="减少" disabled={disabled || value <= min} onClick={() => onChange(Math.max(min, value - 1))}>
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
          <path d="M3 8h10" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
      </button>
      <input
        className="cr-stepper-input"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={typed}
        disabled={disabled}
        aria-labelledby={labelledBy}
        onChange={(e) => setTyped(e.currentTarget.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply();
        }}
      />
      <button type="button" className="cr-stepper-button" aria-label="增加" disabled={disabled || value >= max} onClick={() => onChange(Math.min(max, value + 1))}>
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
          <path d="M3 8h10M8 3v10" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
