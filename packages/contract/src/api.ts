import type { BodyOf, Call, DataOf } from './call';
import { accountCalls } from './calls/account';
import { accountClosingCalls } from './calls/account-closing';
import { adminCalls } from './calls/admin';
import { adminUserCalls } from './calls/admin-users';
import { aiCalls } from './calls/ai';
import { pageCalls } from './calls/pages';
import { passwordCalls } from './calls/password';
import { pointsCalls } from './calls/points';
import { remoteCalls } from './calls/remotes';
import { storageCalls } from './calls/storage';
import { systemCalls } from './calls/system';
import { templateCalls } from './calls/templates';
import { videoTaskCalls } from './calls/video-task';

/** Every call of the HTTP API, by group (docs/api.md is generated from these). */
export const CALL_GROUPS = {
  account: accountCalls,
  accountClosing: accountClosingCalls,
  password: passwordCalls,
  points: pointsCalls,
  templates: templateCalls,
  videoTask: videoTaskCalls,
  storage: storageCalls,
  ai: aiCalls,
  system: systemCalls,
  pages: pageCalls,
  admin: adminCalls,
  adminUsers: adminUserCalls,
  remotes: remoteCalls,
};

type Groups = typeof CALL_GROUPS;
type AnyCall = { [G in keyof Groups]: Groups[G][keyof Groups[G]] }[keyof Groups];

export const ALL_CALLS: readonly Call[] = Object.values(CALL_GROUPS).flatMap((group) => Object.values(group) as Call[]);

/**
 * The calls the app makes through its request layer: enveloped POSTs (and the version GET) of
 * `/api/v1` and `/server_api`, by path.
 */
type AppCall = Extract<AnyCall, { access: 'public' | 'user'; data: object }>;
export type ApiCalls = { [C in AppCall as C['path']]: C };
export type ApiPath = keyof ApiCalls;
// Worked out once per path, so a generic `P` only looks a type up (the compiler never re-derives
// TypeBox's static types per use).
type BodyMap = { [P in ApiPath]: BodyOf<ApiCalls[P]> };
type DataMap = { [P in ApiPath]: DataOf<ApiCalls[P]> };
/** The body an app sends to `P` (the token is the request layer's business). */
export type ApiBody<P extends ApiPath> = BodyMap[P];
/** The `data` of a successful answer of `P`. */
export type ApiData<P extends ApiPath> = DataMap[P];
/** The method of `P`. */
export type ApiMethod<P extends ApiPath> = ApiCalls[P]['method'];
