import { PROMPT_MAX } from '@app/contract';
import { cleanScript, maxTokens, scriptMessages, targetLength } from '../../../src/modules/ai/script-prompt.js';

describe('cleanScript: what a model answers, as a script for the form and the captions', () => {
  it.each([
    ['Markdown, numbering and a title line', '# 春日出游\n**标题：春日出游**\n1. 花开满城\n2、阳光正好！\n- 一起出发吧', '春日出游。花开满城。阳光正好！一起出发吧。'],
    ['quotes and a label', '文案：“春天来了，”\n「出发吧！」', '春天来了。出发吧！'],
    ['stage directions', '【画面：海边日落】夕阳很美。（镜头拉远）我们回家吧。', '夕阳很美。我们回家吧。'],
    ['ascii punctuation after Chinese, and spaces between Chinese', '今天 天气 真好!要去哪里?', '今天天气真好！要去哪里？'],
    ['hashtags and a code fence', '```\n美食探店。#美食# #探店\n```', '美食探店。'],
  ])('%s', (_name, raw, clean) => {
    expect(cleanScript(raw)).toBe(clean);
  });

  it('is empty when nothing readable is left', () => {
    expect(cleanScript('```\n---\n```')).toBe('');
    expect(cleanScript('   \n\n')).toBe('');
  });

  it('cuts at the last sentence end within the script box', () => {
    const long = '这是一句十个字的话。'.repeat(60);
    const cut = cleanScript(long);
    expect([...cut].length).toBeLessThanOrEqual(PROMPT_MAX);
    expect(cut.endsWith('。')).toBe(true);
    expect(cleanScript('一二三四五六七八', 5)).toBe('一二三四五');
  });
});

describe('the prompt', () => {
  it('asks for about 4 characters a second, bounded by the script box', () => {
    expect(targetLength(10)).toBe(40);
    expect(targetLength(60)).toBe(240);
    expect(maxTokens(60)).toBeLessThanOrEqual(2048);
    const [system, user] = scriptMessages({ title: '春日出游', duration: 15, hint: '语气活泼' });
    expect(system!.content).toContain('约 60 个字');
    expect(system!.content).toContain('以“。”“！”或“？”结尾');
    expect(user!.content).toBe('标题：春日出游\n补充要求：语气活泼\n请写这条 15 秒视频的文案。');
  });
});
