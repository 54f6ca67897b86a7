// What AI 帮写 asks the model for, and how its answer becomes a script the form and the captions
// can use. Pure functions: tested on their own (test/modules/ai/script-prompt.test.ts).
import { PROMPT_MAX, SCRIPT_CHARS_PER_SECOND } from '@app/contract';

export interface ScriptRequest {
  title: string;
  duration: number;
  hint?: string;
  template?: { title: string; category: string; style: string; description: string };
}

/** The length to ask for: about SCRIPT_CHARS_PER_SECOND a second, within the script box. */
export function targetLength(duration: number): number {
  return Math.min(PROMPT_MAX, Math.round(duration * SCRIPT_CHARS_PER_SECOND));
}

/**
 * Tokens the model may spend: Chinese runs 1–2 tokens a character on these models; the margin lets
 * it finish its last sentence. Bounded, so a model that rambles costs little.
 */
export function maxTokens(duration: number): number {
  return Math.min(2048, targetLength(duration) * 3 + 64);
}

/**
 * System and user messages. The user's title and wishes go in the user message as data, each on
 * its own labelled line; the rules are the system's, so a wish cannot talk the model out of them.
 */
export function scriptMessages(request: ScriptRequest): { role: 'system' | 'user'; content: string }[] {
  const target = targetLength(request.duration);
  const system = [
    '你是短视频文案写手，为一条短视频写旁白文案，这段文案也会逐句作为字幕出现在画面上。',
    `视频长 ${request.duration} 秒，文案约 ${target} 个字（按每秒 4 个字），不要超过 ${Math.min(PROMPT_MAX, Math.ceil(target * 1.2))} 个字。`,
    '要求：',
    '1. 用简体中文，口语化，紧扣标题；有模板时符合模板的主题与风格；有补充要求时照顾到它。',
    '2. 由短句组成，每句 6 到 18 个字，每句以“。”“！”或“？”结尾；一句话不要被逗号拉得太长。',
    '3. 只输出文案正文：不要标题、序号、Markdown、引号、表情符号、话题标签，不要写“画面”“镜头”“配乐”“旁白”之类的说明。',
  ].join('\n');
  const lines = [`标题：${request.title}`];
  if (request.template) {
    const t = request.template;
    const about = [t.category, t.style].filter((s) => s !== '').join('，');
    lines.push(`模板：${t.title}${about ? `（${about}）` : ''}${t.description ? `：${t.description}` : ''}`);
  }
  if (request.hint) lines.push(`补充要求：${request.hint}`);
  lines.push(`请写这条 ${request.duration} 秒视频的文案。`);
  return [
    { role: 'system', content: system },
    { role: 'user', content: lines.join('\n') },
  ];
}

const SENTENCE_END = /[。！？]/;
/** A bracketed aside that describes the shot rather than saying something: 【画面：…】, （镜头切换）. */
const STAGE_DIRECTION = /[【\[（(<《][^】\]）)>》]{0,40}?(画面|镜头|场景|配乐|音乐|音效|BGM|bgm|旁白|字幕|转场|特写|背景)[^】\]）)>》]{0,40}[】\]）)>》]/g;
/** A label the model puts before its text: "文案：", "旁白：", "标题：…" lines. */
const LABEL = /^(文案|旁白|字幕|脚本|正文|口播|配音)[：:]\s*/;
const QUOTES = /["“”'‘’「」『』]/g;

/**
 * The model's answer as a script: Markdown, list numbers, quotes, labels and stage directions
 * taken out; each line ends in 。！？; lines joined without breaks (the save call takes no control
 * characters); cut at the last sentence end within PROMPT_MAX. Empty when nothing usable is left.
 */
export function cleanScript(raw: string, max = PROMPT_MAX): string {
  const text = raw.replace(/```[a-z]*\n?/gi, '').replace(STAGE_DIRECTION, '');
  const sentences: string[] = [];
  for (let line of text.split(/\r?\n/)) {
    line = line
      .replace(/^\s*(#{1,6}\s+|>\s*|[-*•·]\s+|\d{1,2}[.、)）]\s*|[（(]\d{1,2}[）)]\s*|第[一二三四五六七八九十\d]+[句段幕][：:、]?\s*)/, '')
      .replace(/(\*\*|__|\*|`)/g, '')
      .replace(QUOTES, '')
      .replace(/#[^#\s]{1,20}#?/g, '')
      .trim();
    if (/^标题[：:]/.test(line)) continue;
    line = line.replace(LABEL, '');
    // Ascii punctuation after Chinese reads as the full-width one; stray spaces between Chinese go.
    line = line
      .replace(/([\u4e00-\u9fff])\s*!/g, '$1！')
      .replace(/([\u4e00-\u9fff])\s*\?/g, '$1？')
      .replace(/([\u4e00-\u9fff])\s*,/g, '$1，')
      .replace(/([\u4e00-\u9fff])\s*\.(?!\d)/g, '$1。')
      .replace(/([\u4e00-\u9fff，。！？、；：])\s+(?=[\u4e00-\u9fff])/g, '$1')
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim();
    if (!/[\p{L}\p{N}]/u.test(line)) continue;
    if (!SENTENCE_END.test(line.slice(-1))) line = `${line.replace(/[，、；：,;:\s]+$/, '')}。`;
    sentences.push(line);
  }
  return cutAtSentence(sentences.join(''), max);
}

/** At most `max` characters, ending at a sentence end when one falls inside them. */
function cutAtSentence(script: string, max: number): string {
  const chars = [...script];
  if (chars.length <= max) return script;
  const head = chars.slice(0, max);
  let end = -1;
  head.forEach((c, i) => {
    if (SENTENCE_END.test(c)) end = i;
  });
  return (end >= 0 ? head.slice(0, end + 1) : head).join('');
}
