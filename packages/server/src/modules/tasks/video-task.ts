import type { TaskStage, VideoTask } from '@app/contract';
import { videoTasks } from '../../db/schema.js';
import { thumbUrlOfKey } from '../files/file-urls.js';

export type TaskRow = typeof videoTasks.$inferSelect;

export function toVideoTask(row: TaskRow, queuePosition: number, fileUrl: (key: string) => string): VideoTask {
  const done = row.status === 'succeeded';
  return {
    id: String(row.id),
    title: row.title,
    prompt: row.prompt,
    images: row.images,
    templateId: row.templateId === null ? '' : String(row.templateId),
    aspectRatio: row.aspectRatio,
    duration: row.duration,
    status: row.status,
    progress: row.progress,
    queuePosition: row.status === 'queued' ? queuePosition : 0,
    cost: row.cost,
    videoUrl: done && row.videoKey ? fileUrl(row.videoKey) : '',
    coverUrl: done && row.coverKey ? fileUrl(row.coverKey) : '',
    coverThumbUrl: done && row.coverKey ? thumbUrlOfKey(row.coverKey) : '',
    errorMsg: row.errorMsg,
    createdAt: row.createdAt.getTime(),
    startedAt: row.startedAt?.getTime() ?? 0,
    finishedAt: row.finishedAt?.getTime() ?? 0,
    model: row.model,
    captionStyle: row.captionStyle,
    stage: taskStage(row),
    voice: row.voice,
    voiceName: row.voiceName,
    voiceSpeed: row.voiceSpeed,
    followVoice: row.followVoice,
    music: row.music,
    musicVolume: row.musicVolume,
    voiceVolume: row.voiceVolume,
  };
}

const ENDED_LABELS = { succeeded: '已完成', failed: '生成失败', cancelled: '已取消' } as const;

/** Where the task is, for the apps to show as it is: 排队中 / 生成中 / AI 生成片段 2/4 / 合成中 / ended. */
export function taskStage(row: Pick<TaskRow, 'status' | 'model' | 'clipsTotal' | 'clipsDone'>): VideoTask['stage'] {
  const clips = { clipsDone: row.clipsDone, clipsTotal: row.clipsTotal };
  const stage = (step: TaskStage, label: string) => ({ step, ...clips, label });
  if (row.status === 'queued') return stage('queued', '排队中');
  if (row.status !== 'processing') return stage('ended', ENDED_LABELS[row.status]);
  if (row.model === 'builtin') return stage('rendering', '生成中');
  if (row.clipsTotal > 0 && row.clipsDone >= row.clipsTotal) return stage('composing', '合成中');
  return stage('clips', row.clipsTotal > 0 ? `AI 生成片段 ${row.clipsDone}/${row.clipsTotal}` : 'AI 生成片段');
}
