import { FIRST_COVERS, type SysVideo } from '@app/contract';
import { LoadMore, navigateTo, pageItems, stringifyQuery, usePageActive } from '@app/shared';
// The first route: only the light part of the kit (docs/architecture.md "Front end").
import { DotLoading, EmptyState } from '@app/shared/kit';
import { useState } from 'react';
import { Cover } from '../../components/cover';
import { LoadFailed } from '../../components/load-failed';
import { formatDuration } from '../../lib/format';
import { useTemplateList } from '../../templates/template-list';

const go = (url: string) => void navigateTo({ url }).catch(() => undefined);

/** 做同款: the form, prefilled with the template (as its 视频详情 does). */
export function sameAsTemplateUrl(template: Pick<SysVideo, 'id' | 'aspectRatio' | 'duration'>): string {
  return `/pagesA/create/addVideo?${stringifyQuery({ templateId: template.id, aspectRatio: template.aspectRatio, duration: String(template.duration) })}`;
}

function TemplateCard({ template, priority }: { template: SysVideo; priority: boolean }) {
  return (
    <div className="cr-template-card">
      <button type="button" className="cr-template-open" onClick={() => go(`/pagesA/detail/videoDetail?sysId=${encodeURIComponent(template.id)}`)}>
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
      <button type="button" className="cr-template-same" aria-label={`做同款：${template.title}`} onClick={() => go(sameAsTemplateUrl(template))}>
        做同款
      </button>
    </div>
  );
}

/** The category tabs: 全部 and each category the shown templates have (none when there is only one). */
function CategoryTabs({ categories, current, choose }: { categories: string[]; current: string; choose: (category: string) => void }) {
  if (categories.length < 2) return null;
  return (
    <div className="cr-category-tabs" role="tablist" aria-label="模板分类">
      {['', ...categories].map((category) => (
        <button key={category || 'all'} type="button" role="tab" aria-selected={current === category} className="cr-category-tab" onClick={() => choose(category)}>
          {category || '全部'}
        </button>
      ))}
    </div>
  );
}

/**
 * 模板: covers, titles and durations from sysVideo/list, by category; a card opens the template's
 * sample, its 做同款 the form. On a fresh data folder the samples are still being made: the
 * gallery says 模板准备中 and fills by itself as they are stored.
 */
export function TemplateGallery() {
  const active = usePageActive();
  const [category, setCategory] = useState('');
  const templates = useTemplateList(category, active);
  // The tabs come from the whole gallery: kept from the first answer while a category loads.
  const [categories, setCategories] = useState<string[]>([]);
  const first = templates.data?.pages[0];
  if (first && first.categories.join('\n') !== categories.join('\n')) setCategories(first.categories);

  let body: React.ReactNode;
  if (templates.isPending) {
    body = (
      <div className="cr-template-grid" aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="cr-template-card cr-template-card--loading" />
        ))}
      </div>
    );
  } else if (templates.isError) {
    body = <LoadFailed title="模板加载失败" error={templates.error} retry={() => void templates.refetch()} />;
  } else {
    const list = pageItems(templates.data.pages);
    const pending = templates.data.pages[0]?.pending ?? 0;
    if (list.length === 0 && pending > 0) {
      body = (
        <div className="cr-template-preparing" role="status">
          <DotLoading color="primary" />
          <p>模板准备中</p>
          <small>示例视频正在生成，完成后会自动出现</small>
        </div>
      );
    } else if (list.length === 0) {
      body = <EmptyState kind="templates" title="暂无模板" description="也可以不用模板，直接极速生成视频" />;
    } else {
      body = (
        <>
          <div className="cr-template-grid">
            {list.map((template, index) => (
              <TemplateCard key={template.id} template={template} priority={index < FIRST_COVERS} />
            ))}
          </div>
          {pending > 0 && (
            <p className="cr-template-more-coming" role="status">
              还有 {pending} 个模板准备中…
            </p>
          )}
          {/* While samples are being made the list has not ended: no 没有更多了 under 还有 N 个. */}
          {(pending === 0 || templates.hasNextPage) && <LoadMore query={templates} enabled={active} />}
        </>
      );
    }
  }
  return (
    <>
      <CategoryTabs categories={categories} current={category} choose={setCategory} />
      {body}
    </>
  );
}
