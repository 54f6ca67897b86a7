import { getLocale, pickLocale, setLocale, t } from './locale';

describe('pickLocale', () => {
  it.each([
    [['zh-TW'], 'zh-Hant'],
    [['zh-HK'], 'zh-Hant'],
    [['zh-MO'], 'zh-Hant'],
    [['zh-Hant'], 'zh-Hant'],
    [['zh-Hant-SG'], 'zh-Hant'],
    [['zh_TW'], 'zh-Hant'],
    [['zh-Hans-HK'], 'zh-Hans'],
    [['zh-CN'], 'zh-Hans'],
    [['zh'], 'zh-Hans'],
    [['en-GB'], 'en'],
    [['fr-CA'], 'fr'],
    [['es'], 'es'],
    [['de-DE', 'es-MX', 'en'], 'es'],
    [['de-DE', 'ja'], 'zh-Hans'],
    [[], 'zh-Hans'],
  ])('%j → %s', (languages, locale) => {
    expect(pickLocale(languages)).toBe(locale);
  });
});

describe('getLocale and t', () => {
  afterEach(() => jest.restoreAllMocks());

  it("follows the browser's languages", () => {
    jest.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'en']);
    expect(getLocale()).toBe('fr');
    expect(t('uni.async.error')).toBe("La connexion a expiré, cliquez sur l'écran pour réessayer.");
  });

  it('falls back to navigator.language, then to Chinese', () => {
    jest.spyOn(navigator, 'languages', 'get').mockReturnValue([]);
    const language = jest.spyOn(navigator, 'language', 'get').mockReturnValue('zh-HK');
    expect(getLocale()).toBe('zh-Hant');
    expect(t('uni.async.error')).toBe('連接服務器超時，點擊屏幕重試');
    language.mockReturnValue('pt-BR');
    expect(getLocale()).toBe('zh-Hans');
    expect(t('uni.async.error')).toBe('连接服务器超时，点击屏幕重试');
  });

  it('setLocale overrides the browser', () => {
    jest.spyOn(navigator, 'languages', 'get').mockReturnValue(['zh-CN']);
    setLocale('es');
    expect(getLocale()).toBe('es');
    expect(t('uni.showModal.cancel')).toBe('Cancelar');
    expect(t('uni.navigationBar.back')).toBe('Atrás');
  });
});
