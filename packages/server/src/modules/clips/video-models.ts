// The video models this server offers: the built-in renderer always, and each hosted model whose
// keys are configured (config.videoModels). Their prices, and whether one can make what a user
// asks for, are decided here for the quote, the save and the models list alike.
import { DURATION_MAX, DURATION_MIN, type AspectRatio, type VideoModel, type VideoModelId, ASPECT_RATIOS } from '@app/contract';
import type { ServerConfig } from '../../config.js';
import { RspCode } from '../../lib/envelope.js';
import { BusinessError } from '../../lib/errors.js';
import type { ClipModelInfo, ClipProvider } from './clip-provider.js';
import { createComfyuiProvider } from './comfyui.js';
import { createKlingProvider } from './kling.js';
import { createSeedanceProvider } from './seedance.js';
import { createWanProvider } from './wan.js';

export type VideoModelConfig = Pick<ServerConfig, 'pointsPerSecond' | 'videoModels'>;

export const MODEL_UNAVAILABLE = '该视频模型暂不可用';

const BUILTIN: Omit<VideoModel, 'pointsPerSecond'> = {
  id: 'builtin',
  name: '图文成片',
  description: '照片与文案配上片头、字幕和背景音乐，几秒成片，最省积分',
  modes: ['text', 'image'],
  aspectRatios: [...ASPECT_RATIOS],
  minDuration: DURATION_MIN,
  maxDuration: DURATION_MAX,
  default: true,
};

const providers = new WeakMap<object, Map<VideoModelId, ClipProvider>>();

/** The hosted models configured, built once per configuration. */
export function clipProviders(config: Pick<ServerConfig, 'videoModels'>): Map<VideoModelId, ClipProvider> {
  let made = providers.get(config.videoModels);
  if (!made) {
    made = new Map();
    const { wan, seedance, kling, comfyui } = config.videoModels;
    if (wan) made.set('wan', createWanProvider(wan));
    if (seedance) made.set('seedance', createSeedanceProvider(seedance));
    if (kling) made.set('kling', createKlingProvider(kling));
    if (comfyui) made.set('comfyui', createComfyuiProvider(comfyui));
    providers.set(config.videoModels, made);
  }
  return made;
}

/** The models list (POST /api/v1/video_task/models): builtin first, then the hosted ones configured. */
export function listVideoModels(config: VideoModelConfig): VideoModel[] {
  return [
    { ...BUILTIN, pointsPerSecond: config.pointsPerSecond },
    ...[...clipProviders(config).values()].map(({ info }) => hostedModel(info)),
  ];
}

function hostedModel(info: ClipModelInfo): VideoModel {
  return {
    id: info.id as VideoModelId,
    name: info.name,
    description: info.description,
    modes: info.modes,
    aspectRatios: info.aspectRatios,
    // Clips are composed into any length: as short as one clip can be cut to, as long as the app allows.
    minDuration: DURATION_MIN,
    maxDuration: DURATION_MAX,
    pointsPerSecond: info.pointsPerSecond,
    default: false,
  };
}

export interface ModelRequest {
  model: VideoModelId;
  duration: number;
  aspectRatio?: AspectRatio;
  pictures?: number;
}

/** The model asked for, if it can make this video; else rspCode 2 naming what it cannot do. */
export function requireModel(config: VideoModelConfig, request: ModelRequest): VideoModel {
  const model = listVideoModels(config).find((m) => m.id === request.model);
  if (!model) throw new BusinessError(RspCode.invalidParam, MODEL_UNAVAILABLE);
  if (request.aspectRatio && !model.aspectRatios.includes(request.aspectRatio)) {
    throw new BusinessError(RspCode.invalidParam, `${model.name}不支持 ${request.aspectRatio} 画面`);
  }
  if (request.duration < model.minDuration || request.duration > model.maxDuration) {
    throw new BusinessError(RspCode.invalidParam, `${model.name}可生成 ${model.minDuration}–${model.maxDuration} 秒的视频`);
  }
  const pictures = request.pictures ?? 0;
  if (pictures > 0 && !model.modes.includes('image')) throw new BusinessError(RspCode.invalidParam, `${model.name}不能用图片生成，请去掉图片或换一个模型`);
  if (pictures === 0 && !model.modes.includes('text')) throw new BusinessError(RspCode.invalidParam, `${model.name}需要至少一张图片`);
  return model;
}
