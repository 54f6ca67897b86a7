// The engine's music and how a render picks it.
export { chooseMusic, moodOf, MOODS, MUSIC_VOLUME_DEFAULT, type MusicSource } from './choose.js';
export { generateMusic, MUSIC_LOUDNESS, writeMusic, type Music } from './generate.js';
export { planMusic, type MusicPlan } from './compose.js';
