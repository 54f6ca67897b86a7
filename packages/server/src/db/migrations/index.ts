import { core } from './0001-core.js';
import { videoTasks } from './0002-video-tasks.js';
import { templateSamples } from './0003-template-samples.js';
import { taskOutputKeys } from './0004-task-output-keys.js';
import { rateLimitPending } from './0005-rate-limit-pending.js';
import { taskClips } from './0006-task-clips.js';
import { captionStyle } from './0007-caption-style.js';
import { music } from './0008-music.js';
import { taskVoice } from './0009-task-voice.js';
import { writeLedgerType } from './0010-write-ledger-type.js';
import { shareLinks } from './0011-share-links.js';
import { remotes } from './0012-remotes.js';
import { remoteFailures } from './0013-remote-failures.js';
import { smsCodes } from './0014-sms-codes.js';
import { passwordState } from './0015-password-state.js';
import { accountClosing } from './0016-account-closing.js';

/** A schema change: applied once, in order (the pending ones in one transaction). Never edit a shipped one. */
export interface Migration {
  version: string;
  /** One statement each (PGlite's extended protocol takes one per call). */
  statements: string[];
}

export const MIGRATIONS: readonly Migration[] = [core, videoTasks, templateSamples, taskOutputKeys, rateLimitPending, taskClips, captionStyle, music, taskVoice, writeLedgerType, shareLinks, remotes, remoteFailures, smsCodes, passwordState, accountClosing];
