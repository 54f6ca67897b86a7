import { queryClient, templateListQuery, type TemplatePage } from '@app/shared';
import { embeddedTemplates, prefetchFirstRouteData } from './first-route-data';

const PAGE: TemplatePage = { list: [], total: 0, page: 1, pageSize: 10, hasMore: false, pending: 2, categories: ['风景'] };

function pageWith(block: string | null): Document {
  const doc = document.implementation.createHTMLDocument('shell');
  if (block !== null) doc.head.innerHTML = `<script type="application/json" id="first-route-data">${block}</script>`;
  return doc;
}

describe('the first route\'s data', () => {
  afterEach(() => {
    queryClient.clear();
    jest.restoreAllMocks();
  });

  it('reads 首页\'s first page of templates from the page the server sent', () => {
    expect(embeddedTemplates(pageWith(JSON.stringify({ templates: PAGE })))).toEqual(PAGE);
  });

  it('reads nothing from a page without the block, or with one that is not a first page of templates', () => {
    for (const block of [null, '', '{not json', JSON.stringify({}), JSON.stringify({ templates: { ...PAGE, page: 2 } }), JSON.stringify({ templates: { page: 1 } })]) {
      expect(embeddedTemplates(pageWith(block))).toBeUndefined();
    }
  });

  it('puts the page\'s templates in the gallery\'s query cache on 首页, asking nothing', () => {
    const fetchSpy = jest.spyOn(queryClient, 'prefetchInfiniteQuery');
    prefetchFirstRouteData('/', pageWith(JSON.stringify({ templates: PAGE })));
    expect(queryClient.getQueryData(templateListQuery().queryKey)).toEqual({ pages: [PAGE], pageParams: [1] });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('asks for them at once when the page has none, and does nothing on other pages', () => {
    const fetchSpy = jest.spyOn(queryClient, 'prefetchInfiniteQuery').mockResolvedValue(undefined);
    prefetchFirstRouteData('/pages/my/myIndex', pageWith(JSON.stringify({ templates: PAGE })));
    expect(queryClient.getQueryData(templateListQuery().queryKey)).toBeUndefined();
    expect(fetchSpy).not.toHaveBeenCalled();
    prefetchFirstRouteData('/', pageWith(null));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
});
