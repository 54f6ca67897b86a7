import { VOICE_SPEED_DEFAULT, type Voice } from '@app/contract';
import { useEffect, useRef, useState } from 'react';
import type { VoiceOffer } from '../../tasks/voices';
import './voice-picker.css';

/** What the form sends about narration: a voice id ('' for none), its speed, and 跟随配音时长. */
export interface NarrationChoice {
  voice: string;
  speed: number;
  follow: boolean;
}

export const NO_NARRATION: NarrationChoice = { voice: '', speed: VOICE_SPEED_DEFAULT, follow: false };

const SPEEDS = [0.8, 1, 1.2, 1.5];
const GENDERS = { female: '女声', male: '男声' } as const;

/**
 * 配音: 无配音 or one of the voices on offer, each with a ▶ to hear its sample, then the speed
 * (only those the voice takes) and 跟随配音时长. Nothing at all when the server offers no voice.
 */
export function VoicePicker({ offer, value, onChange }: { offer: VoiceOffer | undefined; value: NarrationChoice; onChange: (next: NarrationChoice) => void }) {
  const [playing, setPlaying] = useState('');
  const audio = useRef<HTMLAudioElement | null>(null);
  useEffect(() => () => audio.current?.pause(), []);
  if (!offer || offer.list.length === 0) return null;
  const chosen = offer.list.find((v) => v.id === value.voice);
  const speeds = SPEEDS.filter((s) => !chosen || (s >= chosen.minSpeed && s <= chosen.maxSpeed));

  const choose = (voice: Voice | undefined) => {
    if (!voice) return onChange(NO_NARRATION);
    // A speed this voice does not take falls back to its normal pace.
    const speed = value.speed >= voice.minSpeed && value.speed <= voice.maxSpeed ? value.speed : VOICE_SPEED_DEFAULT;
    onChange({ ...value, voice: voice.id, speed });
  };
  const play = (voice: Voice) => {
    audio.current?.pause();
    if (playing === voice.id) return setPlaying('');
    const sample = new Audio(voice.sampleUrl);
    audio.current = sample;
    setPlaying(voice.id);
    sample.onended = () => setPlaying((id) => (id === voice.id ? '' : id));
    sample.play().catch(() => setPlaying(''));
  };

  return (
    <section className="cr-card cr-field">
      <span className="cr-field-label">配音</span>
      <span className="cr-field-note">AI 朗读文案，字幕随语音出现；每个视频另加 {offer.pointsPerVideo} 积分</span>
      <div className="cr-voices" role="radiogroup" aria-label="配音">
        <button type="button" role="radio" aria-checked={value.voice === ''} className="cr-choice-card cr-voice" onClick={() => choose(undefined)}>
          <span className="cr-voice-name">无配音</span>
          <span className="cr-voice-desc">只有背景音乐</span>
        </button>
        {offer.list.map((voice) => (
          <div key={voice.id} className="cr-voice-slot">
            <button type="button" role="radio" aria-checked={value.voice === voice.id} className="cr-choice-card cr-voice" onClick={() => choose(voice)}>
              <span className="cr-voice-name">
                {voice.name}
                <span className="cr-voice-gender">{GENDERS[voice.gender]}</span>
              </span>
              <span className="cr-voice-desc">{voice.description}</span>
            </button>
            {voice.sampleUrl && (
              <button type="button" className="cr-voice-play app-tap-area" aria-label={`${playing === voice.id ? '停止' : '试听'}${voice.name}`} onClick={() => play(voice)}>
                {playing === voice.id ? '■' : '▶'}
              </button>
            )}
          </div>
        ))}
      </div>
      {chosen && (
        <>
          <div className="cr-voice-row">
            <span className="cr-field-label">语速</span>
            <div className="cr-segments" role="radiogroup" aria-label="语速">
              {speeds.map((speed) => (
                <button key={speed} type="button" role="radio" aria-checked={value.speed === speed} className="cr-segment" onClick={() => onChange({ ...value, speed })}>
                  {speed}×
                </button>
              ))}
            </div>
          </div>
          <div className="cr-voice-row">
            <span className="cr-field-label" id="cr-follow-voice">
              跟随配音时长
            </span>
            <button type="button" role="switch" aria-checked={value.follow} aria-labelledby="cr-follow-voice" className="cr-switch app-tap-area" onClick={() => onChange({ ...value, follow: !value.follow })}>
              <span className="cr-switch-knob" aria-hidden="true" />
            </button>
          </div>
        </>
      )}
    </section>
  );
}
