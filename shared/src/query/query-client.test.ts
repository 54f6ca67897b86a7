import { ApiError } from '../request/request';
import { createQueryClient, queryClient, retryDelay } from './query-client';

jest.mock('../ui/toast', () => ({ showToast: jest.fn(), toast: jest.fn() }));

type Retry = (failureCount: number, error: Error) => boolean;

function queryDefaults(client = queryClient) {
  const queries = client.getDefaultOptions().queries!;
  return { ...queries, retry: queries.retry as Retry };
}

const refused = new ApiError({ rspCode: 4, rspMsg: '视频不存在' });

it('retries a failed query 3 times in the browser', () => {
  const { retry } = queryDefaults();
  expect([0, 1, 2, 3].map((failures) => retry(failures, new Error('network')))).toEqual([
    true,
    true,
    true,
    false,
  ]);
});

it('does not retry on the server', () => {
  const { retry } = queryDefaults(createQueryClient({ server: true }));
  expect(retry(0, new Error('network'))).toBe(false);
});

it('never retries a business answer (ApiError)', async () => {
  const { retry } = queryDefaults();
  expect(retry(0, refused)).toBe(false);

  const fetcher = jest.fn(() => Promise.reject(refused));
  const fetched = createQueryClient().fetchQuery({ queryKey: ['video'], queryFn: fetcher });
  await expect(fetched).rejects.toBe(refused);
  expect(fetcher).toHaveBeenCalledTimes(1);
});

it('doubles the retry delay from 1 s up to 30 s', () => {
  expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([
    1000, 2000, 4000, 8000, 16000, 30000, 30000,
  ]);
  expect(queryDefaults().retryDelay).toBe(retryDelay);
});

it('drops unused data after 5 minutes', () => {
  expect(queryDefaults().gcTime).toBe(300000);
});
