import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config.js';

const repositoryRoot = path.resolve(__dirname, '..', '..', '..');

/** A real API-format workflow with placeholders (the ComfyUI stand-in's). */
const WORKFLOW = path.join(__dirname, 'stand-ins', 'comfyui-workflow.json');

describe('loadConfig', () => {
  it('has defaults that make a fresh checkout start', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('data'),
      webRoot: repositoryRoot,
      remoteUrls: {
        create: '/remotes/create/remoteEntry.js',
        account: '/remotes/account/remoteEntry.js',
        auth: '/remotes/auth/remoteEntry.js',
      },
      logLevel: 'info',
      databaseUrl: undefined,
      welcomePoints: 10,
      adminToken: undefined,
      s3: undefined,
      pointsPerSecond: 1,
      workers: 1,
      seedTemplates: true,
      uploadRetentionHours: 24,
      serveSourceMaps: false,
      allowRemoteOverride: false,
      signupLimit: 20,
      videoModels: {},
      clipTimeoutMinutes: 30,
      trustProxy: [],
      voices: {},
      voicePoints: 2,
      llm: undefined,
      termsUrl: undefined,
      privacyUrl: undefined,
      supportContact: '',
      sms: undefined,
      accountDeleteDays: 15,
    });
  });

  it('defaults WEB_ROOT to the repository root, where the apps are built', () => {
    const { webRoot } = loadConfig({});
    const manifest = JSON.parse(readFileSync(path.join(webRoot, 'package.json'), 'utf8')) as { workspaces: string[] };
    expect(manifest.workspaces).toEqual(expect.arrayContaining(['shell', 'remote-create', 'remote-account', 'remote-auth']));
    expect(existsSync(path.join(webRoot, 'packages', 'server', 'src', 'config.ts'))).toBe(true);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '3000',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/app',
      WEB_ROOT: '/srv/web',
      REMOTE_CREATE_URL: 'https://create.example.com/remoteEntry.js',
      REMOTE_ACCOUNT_URL: 'http://localhost:3002/remoteEntry.js',
      REMOTE_AUTH_URL: '/cdn/auth/remoteEntry.js',
      LOG_LEVEL: 'DEBUG',
      DATABASE_URL: 'postgres://app@db.internal:5432/app',
      WELCOME_POINTS: '25',
      ADMIN_TOKEN: 'an-admin-token-of-some-length',
      S3_ENDPOINT: 'https://s3.example.com/',
      S3_REGION: 'cn-north-1',
      S3_BUCKET: 'videos',
      S3_ACCESS_KEY_ID: 'AKID',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PUBLIC_URL: 'https://cdn.example.com/',
      POINTS_PER_SECOND: '3',
      WORKERS: '4',
      SEED_TEMPLATES: 'off',
      UPLOAD_RETENTION_HOURS: '72',
      SERVE_SOURCE_MAPS: '1',
      ALLOW_REMOTE_OVERRIDE: '1',
      SIGNUP_LIMIT: '5',
      TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.10 ,::1,fd00::/8,loopback',
      DASHSCOPE_API_KEY: 'sk-dashscope',
      DASHSCOPE_BASE_URL: 'https://dashscope-intl.aliyuncs.com/',
      DASHSCOPE_T2V_MODEL: 'wan2.2-t2v-plus',
      DASHSCOPE_I2V_MODEL: 'wan2.2-i2v-plus',
      DASHSCOPE_POINTS_PER_SECOND: '8',
      ARK_API_KEY: 'ark-key',
      ARK_BASE_URL: 'https://ark.ap-southeast.bytepluses.com/api/v3',
      ARK_VIDEO_MODEL: 'seedance-1-0-lite-t2v-250428',
      ARK_POINTS_PER_SECOND: '6',
      KLING_ACCESS_KEY: 'ak',
      KLING_SECRET_KEY: 'sk',
      KLING_BASE_URL: 'https://api-singapore.klingai.com',
      KLING_MODEL: 'kling-v2-1-master',
      KLING_POINTS_PER_SECOND: '12',
      COMFYUI_URL: 'http://gpu-1.internal:8188',
      COMFYUI_WORKFLOW: WORKFLOW,
      COMFYUI_POINTS_PER_SECOND: '2',
      CLIP_TIMEOUT_MINUTES: '45',
      MINIMAX_API_KEY: 'mm-key',
      MINIMAX_GROUP_ID: '1780000000',
      MINIMAX_BASE_URL: 'https://api.minimax.io/',
      MINIMAX_TTS_MODEL: 'speech-2.6-hd',
      VOLC_TTS_APPID: '1234567',
      VOLC_TTS_TOKEN: 'volc-token',
      VOLC_TTS_CLUSTER: 'volcano_icl',
      VOLC_TTS_BASE_URL: 'https://openspeech.example.com',
      VOICE_POINTS: '3',
      LLM_BASE_URL: 'https://dashscope.aliyuncs.com/compatible-mode/v1/',
      LLM_API_KEY: 'sk-llm',
      LLM_MODEL: 'qwen-plus',
      LLM_POINTS: '2',
      LLM_TIMEOUT_SECONDS: '30',
      TERMS_URL: 'https://example.com/terms.html',
      PRIVACY_URL: 'https://example.com/privacy.html',
      SUPPORT_CONTACT: '客服邮箱 help@example.com',
      SMS_PROVIDER: 'tencent',
      SMS_SECRET_ID: 'AKIDsms',
      SMS_SECRET_KEY: 'sms-key',
      SMS_SDK_APP_ID: '1400006666',
      SMS_SIGN_NAME: '视频工具',
      SMS_TEMPLATE_ID: '1110',
      SMS_ENDPOINT: 'https://sms.ap-beijing.tencentcloudapi.com',
      ACCOUNT_DELETE_DAYS: '0',
    });
    expect(config).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/var/lib/app',
      webRoot: '/srv/web',
      remoteUrls: {
        create: 'https://create.example.com/remoteEntry.js',
        account: 'http://localhost:3002/remoteEntry.js',
        auth: '/cdn/auth/remoteEntry.js',
      },
      logLevel: 'debug',
      databaseUrl: 'postgres://app@db.internal:5432/app',
      welcomePoints: 25,
      adminToken: 'an-admin-token-of-some-length',
      s3: {
        endpoint: 'https://s3.example.com',
        region: 'cn-north-1',
        bucket: 'videos',
        accessKeyId: 'AKID',
        secretAccessKey: 'secret',
        publicUrl: 'https://cdn.example.com',
      },
      pointsPerSecond: 3,
      workers: 4,
      seedTemplates: false,
      uploadRetentionHours: 72,
      serveSourceMaps: true,
      allowRemoteOverride: true,
      signupLimit: 5,
      trustProxy: ['10.0.0.0/8', '192.168.1.10', '::1', 'fd00::/8', 'loopback'],
      videoModels: {
        wan: { apiKey: 'sk-dashscope', baseUrl: 'https://dashscope-intl.aliyuncs.com', t2vModel: 'wan2.2-t2v-plus', i2vModel: 'wan2.2-i2v-plus', pointsPerSecond: 8 },
        seedance: { apiKey: 'ark-key', baseUrl: 'https://ark.ap-southeast.bytepluses.com/api/v3', model: 'seedance-1-0-lite-t2v-250428', pointsPerSecond: 6 },
        kling: { accessKey: 'ak', secretKey: 'sk', baseUrl: 'https://api-singapore.klingai.com', model: 'kling-v2-1-master', pointsPerSecond: 12 },
        comfyui: { url: 'http://gpu-1.internal:8188', workflowFile: WORKFLOW, workflow: expect.objectContaining({ 4: expect.anything() }), pointsPerSecond: 2 },
      },
      clipTimeoutMinutes: 45,
      voices: {
        minimax: { apiKey: 'mm-key', groupId: '1780000000', baseUrl: 'https://api.minimax.io', model: 'speech-2.6-hd' },
        volc: { appId: '1234567', token: 'volc-token', cluster: 'volcano_icl', baseUrl: 'https://openspeech.example.com' },
      },
      voicePoints: 3,
      llm: { baseUrl: 'https://dashscope.aliyuncs.com/compatible-mode/v1', apiKey: 'sk-llm', model: 'qwen-plus', points: 2, timeoutSeconds: 30 },
      termsUrl: 'https://example.com/terms.html',
      privacyUrl: 'https://example.com/privacy.html',
      supportContact: '客服邮箱 help@example.com',
      sms: { provider: 'tencent', secretId: 'AKIDsms', secretKey: 'sms-key', sdkAppId: '1400006666', signName: '视频工具', templateId: '1110', endpoint: 'https://sms.ap-beijing.tencentcloudapi.com' },
      accountDeleteDays: 0,
    });
  });

  it('refuses an agreement address that is not an http(s) URL, and a contact line longer than one line', () => {
    expect(() => loadConfig({ TERMS_URL: '/terms.html', PRIVACY_URL: 'ftp://x/p', SUPPORT_CONTACT: '客'.repeat(101) })).toThrow(
      expect.objectContaining({
        problems: ['TERMS_URL=/terms.html: must be an http(s) URL', 'PRIVACY_URL=ftp://x/p: must be an http(s) URL', 'SUPPORT_CONTACT: at most 100 characters (one line on 关于)'],
      }),
    );
  });

  it('offers SMS codes through the provider SMS_PROVIDER names, at its vendor\'s host unless SMS_ENDPOINT says otherwise', () => {
    const tencent = { SMS_PROVIDER: 'tencent', SMS_SECRET_ID: 'AKIDx', SMS_SECRET_KEY: 'key', SMS_SDK_APP_ID: '1400006666', SMS_SIGN_NAME: '视频工具', SMS_TEMPLATE_ID: '1110' };
    expect(loadConfig(tencent).sms).toEqual({ provider: 'tencent', secretId: 'AKIDx', secretKey: 'key', sdkAppId: '1400006666', signName: '视频工具', templateId: '1110', endpoint: 'https://sms.tencentcloudapi.com' });
    const aliyun = { SMS_PROVIDER: 'aliyun', SMS_SECRET_ID: 'LTAIx', SMS_SECRET_KEY: 'secret', SMS_SIGN_NAME: '视频工具', SMS_TEMPLATE_ID: 'SMS_1', SMS_ENDPOINT: 'http://127.0.0.1:9000/' };
    expect(loadConfig(aliyun).sms).toEqual({ provider: 'aliyun', secretId: 'LTAIx', secretKey: 'secret', sdkAppId: undefined, signName: '视频工具', templateId: 'SMS_1', endpoint: 'http://127.0.0.1:9000' });
    expect(loadConfig({ SMS_PROVIDER: 'aliyun', SMS_SECRET_ID: 'a', SMS_SECRET_KEY: 'b', SMS_SIGN_NAME: 'c', SMS_TEMPLATE_ID: 'd' }).sms?.endpoint).toBe('https://dysmsapi.aliyuncs.com');
  });

  it('refuses half an SMS configuration', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as { problems: string[] }).problems;
      }
    };
    expect(problems({ SMS_SECRET_ID: 'x', SMS_SIGN_NAME: 'y' })).toEqual(['SMS_SECRET_ID, SMS_SIGN_NAME set but SMS_PROVIDER is not (tencent or aliyun)']);
    expect(problems({ SMS_PROVIDER: 'twilio' })).toEqual(['SMS_PROVIDER=twilio: must be tencent or aliyun']);
    expect(problems({ SMS_PROVIDER: 'tencent', SMS_SECRET_ID: 'a', SMS_SECRET_KEY: 'b', SMS_SIGN_NAME: 'c', SMS_TEMPLATE_ID: 'd' })).toEqual(['SMS_PROVIDER=tencent needs SMS_SDK_APP_ID as well']);
    expect(problems({ SMS_PROVIDER: 'aliyun', SMS_SECRET_ID: 'a', SMS_SECRET_KEY: 'b', SMS_SIGN_NAME: 'c', SMS_TEMPLATE_ID: 'd', SMS_SDK_APP_ID: '1', SMS_ENDPOINT: 'http://h/sms' })).toEqual([
      'SMS_SDK_APP_ID is for SMS_PROVIDER=tencent only',
      'SMS_ENDPOINT=http://h/sms: must be an http(s) URL with no path (e.g. http://127.0.0.1:9000)',
    ]);
  });

  it("turns a voice provider on by its keys alone, with the vendor's defaults", () => {
    expect(loadConfig({ MINIMAX_API_KEY: 'k' }).voices).toEqual({ minimax: { apiKey: 'k', groupId: undefined, baseUrl: 'https://api.minimaxi.com', model: 'speech-02-hd' } });
    expect(loadConfig({ VOLC_TTS_APPID: 'a', VOLC_TTS_TOKEN: 't' }).voices).toEqual({ volc: { appId: 'a', token: 't', cluster: 'volcano_tts', baseUrl: 'https://openspeech.bytedance.com' } });
  });

  it('offers AI 帮写 with all three LLM settings, at 1 point a call unless LLM_POINTS says otherwise', () => {
    expect(loadConfig({ LLM_BASE_URL: 'https://api.deepseek.com/v1', LLM_API_KEY: 'sk-d', LLM_MODEL: 'deepseek-chat' }).llm).toEqual({
      baseUrl: 'https://api.deepseek.com/v1', apiKey: 'sk-d', model: 'deepseek-chat', points: 1, timeoutSeconds: 60,
    });
    expect(loadConfig({ LLM_BASE_URL: 'https://api.deepseek.com/v1', LLM_API_KEY: 'sk-d', LLM_MODEL: 'deepseek-chat', LLM_POINTS: '0' }).llm?.points).toBe(0);
  });

  it.each([
    [{ LLM_API_KEY: 'sk-d' }, 'AI 帮写 needs LLM_BASE_URL, LLM_MODEL as well (set LLM_BASE_URL, LLM_API_KEY and LLM_MODEL, or none)'],
    [{ LLM_BASE_URL: 'api.deepseek.com', LLM_API_KEY: 'sk-d', LLM_MODEL: 'm' }, 'LLM_BASE_URL=api.deepseek.com: must be an http(s) URL'],
    [{ LLM_POINTS: '-1' }, 'LLM_POINTS=-1: must be a whole number from 0 to 1000000'],
  ])('refuses half an LLM configuration: %j', (env, problem) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError([problem]));
  });

  it('turns a hosted model on by its key alone, with the vendor\'s defaults', () => {
    expect(loadConfig({ DASHSCOPE_API_KEY: 'sk-x' }).videoModels).toEqual({
      wan: { apiKey: 'sk-x', baseUrl: 'https://dashscope.aliyuncs.com', t2vModel: 'wan2.5-t2v-preview', i2vModel: 'wan2.5-i2v-preview', pointsPerSecond: 10 },
    });
  });

  it('defaults the S3 region and public URL', () => {
    const { s3 } = loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' });
    expect(s3).toMatchObject({ region: 'us-east-1', publicUrl: 'http://127.0.0.1:9000/b' });
  });

  it.each([
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must be a postgres:// or postgresql:// URL'],
    [{ WELCOME_POINTS: '-3' }, 'WELCOME_POINTS=-3: must be a whole number from 0 to 1000000000'],
    [{ ADMIN_TOKEN: 'short' }, 'ADMIN_TOKEN: must be at least 16 characters'],
    [{ POINTS_PER_SECOND: '1.5' }, 'POINTS_PER_SECOND=1.5: must be a whole number from 0 to 1000000'],
    [{ POINTS_PER_SECOND: '2000000' }, 'POINTS_PER_SECOND=2000000: must be a whole number from 0 to 1000000'],
    [{ WORKERS: '-1' }, 'WORKERS=-1: must be a whole number from 0 to 64'],
    [{ WORKERS: 'two' }, 'WORKERS=two: must be a whole number from 0 to 64'],
    [{ UPLOAD_RETENTION_HOURS: '1.5' }, 'UPLOAD_RETENTION_HOURS=1.5: must be a whole number from 0 to 8760'],
    [{ ACCOUNT_DELETE_DAYS: '400' }, 'ACCOUNT_DELETE_DAYS=400: must be a whole number from 0 to 365'],
    [{ UPLOAD_RETENTION_HOURS: '9000' }, 'UPLOAD_RETENTION_HOURS=9000: must be a whole number from 0 to 8760'],
    [{ WORKERS: '65' }, 'WORKERS=65: must be a whole number from 0 to 64'],
    [{ SIGNUP_LIMIT: 'many' }, 'SIGNUP_LIMIT=many: must be a whole number from 0 to 1000000000'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY=true: must list proxy addresses or CIDR ranges separated by commas (e.g. 10.0.0.0/8,127.0.0.1), or loopback, linklocal, uniquelocal; not one: true'],
    [{ TRUST_PROXY: '10.0.0.1,*,10.0.0.0/33,lb.internal' }, 'not one: *, 10.0.0.0/33, lb.internal'],
    [{ TRUST_PROXY: ',' }, 'TRUST_PROXY=,: must list proxy addresses'],
    [{ SEED_TEMPLATES: 'maybe' }, 'SEED_TEMPLATES=maybe: must be 1 or 0 (also true/false, on/off, yes/no)'],
    [{ SERVE_SOURCE_MAPS: 'please' }, 'SERVE_SOURCE_MAPS=please: must be 1 or 0 (also true/false, on/off, yes/no)'],
    [{ KLING_ACCESS_KEY: 'ak' }, 'Kling needs both KLING_ACCESS_KEY and KLING_SECRET_KEY'],
    [{ COMFYUI_URL: 'http://gpu:8188' }, 'ComfyUI needs both COMFYUI_URL and COMFYUI_WORKFLOW'],
    [{ DASHSCOPE_API_KEY: 'k', DASHSCOPE_BASE_URL: 'dashscope' }, 'DASHSCOPE_BASE_URL=dashscope: must be an http(s) URL'],
    [{ DASHSCOPE_API_KEY: 'k', DASHSCOPE_POINTS_PER_SECOND: 'free' }, 'DASHSCOPE_POINTS_PER_SECOND=free: must be a whole number'],
    [{ CLIP_TIMEOUT_MINUTES: 'soon' }, 'CLIP_TIMEOUT_MINUTES=soon: must be a whole number'],
    [{ COMFYUI_URL: 'http://gpu:8188', COMFYUI_WORKFLOW: '/nowhere/workflow.json' }, 'COMFYUI_WORKFLOW=/nowhere/workflow.json: cannot be read (ENOENT)'],
    [{ VOLC_TTS_TOKEN: 't' }, 'Volcengine TTS needs both VOLC_TTS_APPID and VOLC_TTS_TOKEN'],
    [{ MINIMAX_GROUP_ID: 'g' }, 'MINIMAX_GROUP_ID is set but MINIMAX_API_KEY is not'],
    [{ MINIMAX_API_KEY: 'k', MINIMAX_BASE_URL: 'api.minimaxi.com' }, 'MINIMAX_BASE_URL=api.minimaxi.com: must be an http(s) URL'],
    [{ VOICE_POINTS: 'two' }, 'VOICE_POINTS=two: must be a whole number from 0 to 1000000'],
    [{ S3_BUCKET: 'b' }, 'S3 storage needs S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as well (set all of S3_* or none)'],
  ])('refuses %j with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('resolves relative directories against the working directory', () => {
    const config = loadConfig({ DATA_DIR: 'var/data', WEB_ROOT: '.' });
    expect(config.dataDir).toBe(path.join(process.cwd(), 'var', 'data'));
    expect(config.webRoot).toBe(process.cwd());
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig({ PORT: '', REMOTE_AUTH_URL: ' ', LOG_LEVEL: '' });
    expect(config.port).toBe(8080);
    expect(config.remoteUrls.auth).toBe('/remotes/auth/remoteEntry.js');
    expect(config.logLevel).toBe('info');
  });

  it('accepts WORKERS=0 (API only) and POINTS_PER_SECOND=0 (free videos)', () => {
    expect(loadConfig({ WORKERS: '0', POINTS_PER_SECOND: '0' })).toMatchObject({ workers: 0, pointsPerSecond: 0 });
  });

  it('accepts SIGNUP_LIMIT=0 (no limit)', () => {
    expect(loadConfig({ SIGNUP_LIMIT: '0' }).signupLimit).toBe(0);
  });

  it('accepts PORT=0 (any free port)', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
  });

  it.each([
    ['PORT', 'abc', 'PORT=abc: must be an integer from 0 to 65535'],
    ['PORT', '65536', 'PORT=65536: must be an integer from 0 to 65535'],
    ['PORT', '-1', 'PORT=-1: must be an integer from 0 to 65535'],
    ['PORT', '80.5', 'PORT=80.5: must be an integer from 0 to 65535'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL=loud: must be one of fatal, error, warn, info, debug, trace, silent'],
    ['REMOTE_CREATE_URL', 'ftp://x/remoteEntry.js', 'REMOTE_CREATE_URL=ftp://x/remoteEntry.js: must be an http(s) URL or a path starting with "/"'],
    ['REMOTE_ACCOUNT_URL', 'remotes/account.js', 'REMOTE_ACCOUNT_URL=remotes/account.js: must be an http(s) URL or a path starting with "/"'],
    ['REMOTE_AUTH_URL', '//cdn.example.com/x.js', 'REMOTE_AUTH_URL=//cdn.example.com/x.js: must be an http(s) URL or a path starting with "/"'],
  ])('refuses %s=%s with a clear message', (name, value, problem) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new ConfigError([problem]));
  });

  it('reports every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toHaveLength(2);
    expect((error as ConfigError).message).toBe(
      'Invalid configuration:\n' +
        '  - PORT=abc: must be an integer from 0 to 65535\n' +
        '  - LOG_LEVEL=loud: must be one of fatal, error, warn, info, debug, trace, silent',
    );
  });
});
