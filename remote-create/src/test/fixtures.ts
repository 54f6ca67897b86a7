import type { PageOf, SysVideo, VideoTask } from '@app/contract';

const STAGES = {
  queued: { step: 'queued', label: '排队中' },
  processing: { step: 'rendering', label: '生成中' },
  succeeded: { step: 'ended', label: '已完成' },
  failed: { step: 'ended', label: '生成失败' },
  cancelled: { step: 'ended', label: '已取消' },
} as const;

/** A task as the server answers it; its stage follows its status (the built-in renderer's) unless given. */
export function task(overrides: Partial<VideoTask> = {}): VideoTask {
  const status = overrides.status ?? 'succeeded';
  return {
    id: '1',
    title: '城市夜景',
    prompt: '夜色里的城市',
    images: [],
    templateId: '',
    aspectRatio: '9:16',
    duration: 5,
    status: 'succeeded',
    progress: 100,
    queuePosition: 0,
    cost: 5,
    videoUrl: '/files/videos/1.mp4',
    coverUrl: '/files/videos/1.jpg',
    coverThumbUrl: '/thumbs/videos/1.jpg',
    errorMsg: '',
    createdAt: new Date(2026, 10, 22, 14, 5).getTime(),
    startedAt: 0,
    finishedAt: 0,
    model: 'builtin',
    captionStyle: 'template',
    stage: { ...STAGES[status], clipsDone: 0, clipsTotal: 0 },
    voice: '',
    voiceName: '',
    voiceSpeed: 1,
    followVoice: false,
    music: '',
    musicVolume: 60,
    voiceVolume: 100,
    ...overrides,
  };
}

export function template(overrides: Partial<SysVideo> = {}): SysVideo {
  return {
    id: '7',
    title: '旅行日记',
    description: '把旅途的照片变成短片',
    category: '旅行',
    style: '电影感',
    coverUrl: '/files/templates/7.jpg',
    coverThumbUrl: '/thumbs/templates/7.jpg',
    videoUrl: '/files/templates/7.mp4',
    duration: 15,
    aspectRatio: '9:16',
    sort: 0,
    ...overrides,
  };
}

export function page<T>(list: T[], pageNo = 1, hasMore = false): PageOf<T> {
  return { list, total: list.length, page: pageNo, pageSize: 10, hasMore };
}

/** A page of the template gallery (sysVideo/list): a page, the samples still being made and the categories. */
export function galleryPage(list: SysVideo[], extra: { pending?: number; categories?: string[]; pageNo?: number; hasMore?: boolean } = {}) {
  const categories = extra.categories ?? [...new Set(list.map((t) => t.category).filter(Boolean))];
  return { ...page(list, extra.pageNo ?? 1, extra.hasMore ?? false), pending: extra.pending ?? 0, categories };
}
