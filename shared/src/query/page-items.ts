import type { PageOf } from '@app/contract';

/**
 * The items of an infinite list's loaded pages as one list. Pages are offsets: an item added
 * while pages load shifts the next page by one, so the same item may come twice. Each id is
 * shown once, where it first appeared, with its latest copy (a later page was fetched later).
 */
export function pageItems<T extends { id: string | number }>(pages: readonly PageOf<T>[] | undefined): T[] {
  const byId = new Map<string | number, T>();
  for (const page of pages ?? []) for (const item of page.list) byId.set(item.id, item);
  return [...byId.values()];
}
