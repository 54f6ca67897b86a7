import type { PageOf } from '@app/contract';
import { pageItems } from './page-items';

const page = <T>(list: T[], page: number): PageOf<T> => ({ list, total: 99, page, pageSize: list.length, hasMore: true });

describe('pageItems', () => {
  it('joins the pages in order', () => {
    expect(pageItems([page([{ id: 'a' }, { id: 'b' }], 1), page([{ id: 'c' }], 2)]).map((i) => i.id)).toEqual(['a', 'b', 'c']);
  });

  it('shows an item that a shift repeated once, in its first place, with its latest copy', () => {
    const items = pageItems([page([{ id: 'a', v: 1 }, { id: 'b', v: 1 }], 1), page([{ id: 'b', v: 2 }, { id: 'c', v: 1 }], 2)]);
    expect(items).toEqual([{ id: 'a', v: 1 }, { id: 'b', v: 2 }, { id: 'c', v: 1 }]);
  });

  it('is empty before the first page', () => {
    expect(pageItems(undefined)).toEqual([]);
  });
});
