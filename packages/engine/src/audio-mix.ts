// The video's sound, as ffmpeg inputs and a filtergraph whose output pad is [aout]: the music
// (a WAV the engine made, or a track looped or cut to fit) at the music volume, faded in and out;
// the narration from where narration-timing.ts puts it, at the voice volume; the music ducked
// under the voice by a sidechain compressor keyed on the voice itself, so it dips while a
// sentence is spoken and comes back in the pauses; a limiter on the sum; exactly the video's
// length, 44.1 kHz stereo. With neither, silence: players expect an audio stream.

export interface AudioMixSettings {
  /** Seconds: the audio is cut to exactly this. */
  duration: number;
  /** A music file ffmpeg reads; `loop` repeats it when it is shorter than the video. */
  music?: { file: string; loop: boolean };
  musicVolume: number;
  /** A narration file and the second it starts at. */
  narration?: { file: string; start: number };
  voiceVolume: number;
}

export interface AudioMix {
  /** ffmpeg arguments for the audio inputs, which come after the video input (0). */
  inputs: string[];
  graph: string;
}

/** Seconds the music takes to come in and to go (the fade out is shortened in a very short video). */
export const MUSIC_FADE_IN = 1;
export const MUSIC_FADE_OUT = 1.8;
/**
 * The ducking: above about −36 dBFS of voice the music is compressed 8:1, which takes a voice
 * at a usual −20 dBFS to some 14 dB of dip; it falls in 20 ms and recovers over 400 ms once a
 * sentence ends, so the short gaps between words do not pump.
 */
const DUCKING = 'threshold=0.015:ratio=8:attack=20:release=400:knee=2';
/** Voice and music together may peak over full scale: the sum is limited just under it. */
const LIMIT = 'alimiter=limit=0.94:attack=5:release=80:level=disabled';
const FORMAT = 'aformat=sample_fmts=fltp:sample_rates=44100:channel_layouts=stereo';

export function audioMix(settings: AudioMixSettings): AudioMix {
  const { duration: d } = settings;
  const inputs: string[] = [];
  const filters: string[] = [];
  const fit = `apad,atrim=duration=${d}`;
  let music: string | undefined;
  let voice: string | undefined;
  let key: string | undefined;

  if (settings.music && settings.musicVolume > 0) {
    inputs.push(...(settings.music.loop ? ['-stream_loop', '-1'] : []), '-i', settings.music.file);
    const fadeOut = Math.min(MUSIC_FADE_OUT, d * 0.3);
    filters.push(`[${inputs.filter((a) => a === '-i').length}:a]${FORMAT},atrim=duration=${d},volume=${settings.musicVolume},`
      + `afade=t=in:st=0:d=${Math.min(MUSIC_FADE_IN, d * 0.2)},afade=t=out:st=${round(d - fadeOut)}:d=${round(fadeOut)},${fit}[music]`);
    music = '[music]';
  }
  if (settings.narration && settings.voiceVolume > 0) {
    inputs.push('-i', settings.narration.file);
    const ms = Math.round(settings.narration.start * 1000);
    const index = inputs.filter((a) => a === '-i').length;
    filters.push(`[${index}:a]${FORMAT},adelay=delays=${ms}|${ms},${fit}${music ? ',asplit=2[voiceraw][key]' : '[voiceraw]'}`);
    filters.push(`[voiceraw]volume=${settings.voiceVolume}[voice]`);
    voice = '[voice]';
    if (music) key = '[key]';
  }

  if (music && voice && key) {
    filters.push(`${music}${key}sidechaincompress=${DUCKING}[ducked]`);
    filters.push(`[ducked]${voice}amerge=inputs=2,pan=stereo|c0=c0+c2|c1=c1+c3,${LIMIT},atrim=duration=${d}[aout]`);
  } else if (music || voice) {
    filters.push(`${music ?? voice}${LIMIT},atrim=duration=${d}[aout]`);
  } else {
    filters.push(`anullsrc=r=44100:cl=stereo,atrim=duration=${d}[aout]`);
  }
  return { inputs, graph: filters.join(';') };
}

const round = (x: number) => Math.round(x * 1000) / 1000;
