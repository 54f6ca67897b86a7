import { buildUrl } from './transport';

describe('buildUrl', () => {
  it('joins the base and the path with one slash', () => {
    expect(buildUrl('https://api.example.com/', '/api/v1/x', undefined)).toBe('https://api.example.com/api/v1/x');
    expect(buildUrl('https://api.example.com', 'api/v1/x', undefined)).toBe('https://api.example.com/api/v1/x');
  });

  it('leaves an absolute URL (a storage host) and an empty base alone', () => {
    expect(buildUrl('https://api.example.com', 'http://127.0.0.1:9000/bucket', undefined)).toBe('http://127.0.0.1:9000/bucket');
    expect(buildUrl('', '/foo', undefined)).toBe('/foo');
  });

  it('serialises the query, skipping empty values and sending objects as JSON', () => {
    expect(buildUrl('', '/foo', { name: '小明 a', page: 2, none: undefined, nil: null, f: { a: 1 } })).toBe(
      `/foo?name=${encodeURIComponent('小明 a')}&page=2&f=${encodeURIComponent('{"a":1}')}`,
    );
    expect(buildUrl('', '/foo?x=1', { y: 2 })).toBe('/foo?x=1&y=2');
  });
});
