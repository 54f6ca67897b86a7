import type { SysVideo } from '@app/contract';
import { LoadMore, navigateTo, pageItems, usePageActive } from '@app/shared';
import { ErrorBlock } from '@app/shared/kit';
import { Cover } from '../../components/cover';
import { LoadFailed } from '../../components/load-failed';
import { formatDuration } from '../../lib/format';
import { useTemplateList } from '../../templates/template-list';

/** The rows of cards a phone shows on opening: their covers are fetched first, the rest as they scroll near. */
const FIRST_ROWS = 1;

function TemplateCard({ template, priority }: { template: SysVideo; priority: boolean }) {
  return (
    <button
      type="button"
      className="cr-template-card"
      onClick={() => void navigateTo({ url: `/pagesA/detail/videoDetail?sysId=${encodeURIComponent(template.id)}` }).catch(() => undefined)}
    >
      <span className="cr-template-media">
        <Cover
          src={template.coverUrl}
          thumbUrl={template.coverThumbUrl}
          aspectRatio={template.aspectRatio}
          box="card"
          priority={priority}
          className="cr-template-cover"
        />
        <span className="cr-template-duration">{formatDuration(template.duration)}</span>
      </span>
      <span className="cr-template-title">{template.title}</span>
      {template.style && <span className="cr-template-meta">{template.style}</span>}
    </button>
  );
}

/** 模板: covers, titles and durations from sysVideo/list; a card opens the template's sample. */
export function TemplateGallery() {
  const active = usePageActive();
  const templates = useTemplateList();

  if (templates.isPending) {
    return (
      <div className="cr-template-grid" aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="cr-template-card cr-template-card--loading" />
        ))}
      </div>
    );
  }
  if (templates.isError) {
    return <LoadFailed title="模板加载失败" error={templates.error} retry={() => void templates.refetch()} />;
  }
  const list = pageItems(templates.data.pages);
  if (list.length === 0) {
    return <ErrorBlock status="empty" title="暂无模板" description="也可以不用模板，直接极速生成视频" />;
  }
  return (
    <>
      <div className="cr-template-grid">
        {list.map((template, index) => (
          <TemplateCard key={template.id} template={template} priority={index < FIRST_ROWS * 2} />
        ))}
      </div>
      <LoadMore query={templates} enabled={active} />
    </>
  );
}
