import { useInfiniteQuery } from '@tanstack/react-query';
import { templateListQuery } from '@app/shared';

export { listTemplates, TEMPLATE_PAGE_SIZE } from '@app/shared';

/** The template gallery (no sign-in needed), page by page (the shell may have asked for the first page already). */
export function useTemplateList() {
  return useInfiniteQuery(templateListQuery());
}
