import type { PageOf } from '@app/contract';

/** One page of a list call (docs/api.md "Conventions"). */
export function pageOf<T>(list: T[], total: number, page: number, pageSize: number): PageOf<T> {
  return { list, total, page, pageSize, hasMore: page * pageSize < total };
}
