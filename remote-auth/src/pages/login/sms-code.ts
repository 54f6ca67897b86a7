import { ApiError, api, NETWORK_ERROR_CODE, RequestError } from '@app/shared';
import { useEffect, useRef, useState } from 'react';

export const SEND_CODE_URL = '/api/v1/account/send_code';
/** After a code is sent, 获取验证码 waits this long (the server's own limit: one a minute per phone). */
export const RESEND_SECONDS = 60;

export type CodePurpose = 'login' | 'reset';

/** Asks the server to text a code (docs/api.md, /api/v1/account/send_code). */
export function requestCode(phone: string, purpose: CodePurpose): Promise<unknown> {
  return api(SEND_CODE_URL, { phone, purpose }, { hideErrorToast: true });
}

/** A wait in words: 45 秒, 60 秒, 3 分钟 (seconds up to a minute and a half). */
export function waitText(seconds: number): string {
  return seconds <= 90 ? `${seconds} 秒` : `${Math.ceil(seconds / 60)} 分钟`;
}

/** Why no code was sent, in Chinese; a 429's wait as the server's Retry-After gives it. */
export function codeErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.rspMsg || '验证码发送失败，请重试';
  if (error instanceof RequestError) {
    if (error.status === 429) return error.retryAfterSeconds ? `获取验证码过于频繁，请 ${waitText(error.retryAfterSeconds)}后再试` : '获取验证码过于频繁，请稍后再试';
    if (error.code === NETWORK_ERROR_CODE) return '网络错误，换个网络试试';
    if (error.message === 'timeout') return '请求超时，请重试';
  }
  return '验证码发送失败，请重试';
}

/**
 * 获取验证码: sends a code and counts RESEND_SECONDS down (or the server's Retry-After after a
 * 429), the button disabled meanwhile. `send` answers the problem to show, or '' once sent.
 */
export function useCodeSender(purpose: CodePurpose) {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const until = useRef(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(Math.max(0, Math.ceil((until.current - Date.now()) / 1000))), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const wait = (seconds: number) => {
    until.current = Date.now() + seconds * 1000;
    setLeft(seconds);
  };
  const send = async (phone: string): Promise<string> => {
    if (sending || left > 0) return '';
    setSending(true);
    try {
      await requestCode(phone, purpose);
      wait(RESEND_SECONDS);
      return '';
    } catch (error) {
      if (error instanceof RequestError && error.status === 429) wait(error.retryAfterSeconds ?? RESEND_SECONDS);
      return codeErrorText(error);
    } finally {
      setSending(false);
    }
  };
  const label = left > 0 ? `${waitText(left)}后重新获取` : '获取验证码';
  return { send, sending, waiting: left > 0, label };
}
