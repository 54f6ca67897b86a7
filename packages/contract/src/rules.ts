import { withoutEmoji } from './emoji';
import { CODE_LENGTH, DURATION_MAX, DURATION_MIN, NEW_PASSWORD_MAX, NEW_PASSWORD_MIN, SCRIPT_CHARS_PER_SECOND } from './limits';

/**
 * The characters a text field refuses (docs/api.md "Conventions": control characters are refused, rspCode 2), as the
 * body of a regular-expression class:
 * - control characters: C0 `U+0000–U+001F`, DEL `U+007F`, C1 `U+0080–U+009F`;
 * - invisible formatting that can make a name or a title read differently from what it holds:
 *   the bidi marks and controls (ALM `U+061C`, LRM/RLM `U+200E–U+200F`, embeddings and overrides
 *   `U+202A–U+202E`, isolates `U+2066–U+2069`), zero-width space `U+200B`, word joiner and
 *   invisible operators `U+2060–U+206F`, line and paragraph separators `U+2028–U+2029`, the byte
 *   order mark `U+FEFF` and the interlinear annotation marks `U+FFF9–U+FFFB`;
 * - lone surrogates `U+D800–U+DFFF` (JSON can carry `"\ud800"`; they are no character at all).
 *   Ajv compiles patterns with the `u` flag, so a proper surrogate pair (an emoji) is one code
 *   point above `U+FFFF` and is not matched.
 * The zero-width (non-)joiners `U+200C–U+200D` stay allowed: emoji sequences and several scripts
 * need them.
 */
const REFUSED_CHARS =
  '\\u0000-\\u001F\\u007F-\\u009F\\u061C\\u200B\\u200E\\u200F\\u2028-\\u202E\\u2060-\\u206F\\uFEFF\\uFFF9-\\uFFFB\\uD800-\\uDFFF';

/** The pattern of every text field: none of the refused characters. */
export const NO_CONTROL_CHARS = `^[^${REFUSED_CHARS}]*$`;

/**
 * The pattern of a password at sign-in: only C0 controls and DEL refused, as before the invisible
 * characters were, so every password an account could set still signs in. A new password meets
 * newPasswordProblem, which refuses all of REFUSED_CHARS.
 */
export const NO_C0_CONTROL_CHARS = '^[^\\u0000-\\u001F\\u007F]*$';

const REFUSED_CHAR = new RegExp(`[${REFUSED_CHARS}]`, 'u');

/** How rspMsg says, after the field's name, that `value` holds a refused character; null if it holds none. */
export function refusedCharMessage(value: string): string | null {
  const found = REFUSED_CHAR.exec(value)?.[0];
  if (found === undefined) return null;
  const code = found.charCodeAt(0);
  if (code <= 0x9f) return '不能包含控制字符';
  if (code >= 0xd800 && code <= 0xdfff) return '不能包含无效字符';
  return '不能包含不可见字符';
}

/** The rule for a new password, as rspMsg says it and 登录 shows it. */
export const PASSWORD_RULE = `密码须为 ${NEW_PASSWORD_MIN}-${NEW_PASSWORD_MAX} 位，同时包含字母和数字，且不能包含手机号`;

/**
 * Why `password` may not become the password of the account of `phone`, or null if it may:
 * 8–32 characters (code points), at least one Latin letter and one digit, the phone number not in
 * it, and none of the characters text fields refuse. Only a password being set is held to this;
 * signing in takes whatever password the account has (older ones may be weaker).
 */
export function newPasswordProblem(password: string, phone: string): string | null {
  const refused = refusedCharMessage(password);
  if (refused !== null) return `密码${refused}`;
  const length = [...password].length;
  const weak =
    length < NEW_PASSWORD_MIN ||
    length > NEW_PASSWORD_MAX ||
    !/[A-Za-z]/.test(password) ||
    !/[0-9]/.test(password) ||
    password.includes(phone);
  return weak ? PASSWORD_RULE : null;
}

/** One character of an activation code (CODE_ALPHABET). */
const CODE_CHAR = /^[A-HJ-NP-Z2-9]$/;

/**
 * An activation code as a user may type it (lower case, grouped with spaces or dashes, a Chinese
 * keyboard's full-width forms) folded to the form it is stored in; nothing else is checked.
 */
export function foldCode(input: string): string {
  // NFKC folds full-width letters, digits, spaces and dashes to ASCII.
  return input.normalize('NFKC').replace(/[\s\-\u2010-\u2015]+/g, '').toUpperCase();
}

/** The stored form of a typed code, or null when it cannot be a code at all. */
export function normalizeCode(input: string): string | null {
  const code = foldCode(input);
  return code.length === CODE_LENGTH && [...code].every((c) => CODE_CHAR.test(c)) ? code : null;
}

/** Whether every character of a folded code is one a code may hold. */
export function codeCharsValid(folded: string): boolean {
  return [...folded].every((c) => CODE_CHAR.test(c));
}

/** Seconds of video before the narration starts (the title card, at most this long) and after it ends. */
export const NARRATION_LEAD_SECONDS = 1.5;
export const NARRATION_TAIL_SECONDS = 0.5;

/**
 * How long a voice takes to read a script, as the form and the server estimate it before any audio
 * exists: SCRIPT_CHARS_PER_SECOND at speed 1 (punctuation, spaces and emoji not counted), faster or
 * slower with the speed. The real narration is measured by the worker.
 */
export function narrationSeconds(script: string, speed: number): number {
  const spoken = Array.from(withoutEmoji(script).replace(/[\s\p{P}\p{S}]/gu, '')).length;
  return spoken / (SCRIPT_CHARS_PER_SECOND * speed);
}

/** The whole seconds a video needs to hold a narration of `seconds`: the title card before it, a breath after. */
export function videoSecondsForNarration(seconds: number): number {
  return Math.ceil(NARRATION_LEAD_SECONDS + seconds + NARRATION_TAIL_SECONDS - 1e-9);
}

/** 跟随配音时长: the video's length for a script read at `speed`, within DURATION_MIN–DURATION_MAX. */
export function followVoiceDuration(script: string, speed: number): number {
  return Math.min(DURATION_MAX, Math.max(DURATION_MIN, videoSecondsForNarration(narrationSeconds(script, speed))));
}

/** What the form and the server say when a script read aloud would not fit the video (null when it fits). */
export function narrationTooLong(script: string, speed: number, duration: number): string | null {
  const needed = videoSecondsForNarration(narrationSeconds(script, speed));
  return needed > duration ? `文案朗读约需 ${needed} 秒，请加长视频或精简文案` : null;
}

/**
 * Why the embedded store refuses an upload: HTTP 403 `{ msg }` with one of these. Here, beside the
 * other rules, not with the calls: the apps import it, and the calls bring TypeBox with them.
 */
export const UploadRefusal = {
  invalid: '上传凭证无效',
  expired: '上传凭证已过期',
  used: '上传凭证已使用',
  tooLarge: '文件过大',
  empty: '文件不能为空',
  notImage: '只能上传 JPG、PNG 或 WEBP 图片',
  notAudio: '音频格式不支持，请上传 mp3、m4a、aac 或 wav',
  malformed: '上传请求格式不正确',
} as const;
export type UploadRefusalMsg = (typeof UploadRefusal)[keyof typeof UploadRefusal];
