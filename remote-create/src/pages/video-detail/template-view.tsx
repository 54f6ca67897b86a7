import { navigateTo, stringifyQuery } from '@app/shared';
import { Button } from '@app/shared/kit';
import { SpinLoading } from '@app/shared/kit/more';
import { Cover } from '../../components/cover';
import { LoadFailed } from '../../components/load-failed';
import { VideoPlayer } from '../../components/video-player';
import { formatDuration } from '../../lib/format';
import { useTemplate } from '../../templates/template-detail';

/** A template: its sample playing, what it is, and 做同款 (the form, prefilled with it). */
export function TemplateView({ id }: { id: string }) {
  const template = useTemplate(id);
  if (template.isPending) return <SpinLoading className="cr-center-spin" color="primary" />;
  if (template.isError) {
    return (
      <LoadFailed error={template.error} retry={() => void template.refetch()} missing={{ title: '模板不存在', description: template.error.message }} />
    );
  }
  const t = template.data;
  const sameAsThis = () =>
    void navigateTo({
      url: `/pagesA/create/addVideo?${stringifyQuery({ templateId: t.id, aspectRatio: t.aspectRatio, duration: String(t.duration) })}`,
    }).catch(() => undefined);
  return (
    <div className="cr-detail">
      {t.videoUrl ? (
        <VideoPlayer src={t.videoUrl} poster={t.coverUrl} aspectRatio={t.aspectRatio} autoPlay loop label={`${t.title} 示例视频`} />
      ) : (
        <div className={`cr-player cr-player--${t.aspectRatio.replace(':', 'x')} cr-player--empty`}>
          <Cover src={t.coverUrl} />
          <p>示例视频还在制作中</p>
        </div>
      )}
      <section className="cr-card cr-detail-info">
        <h1 className="cr-detail-title">{t.title}</h1>
        <p className="cr-detail-meta">
          {[t.category, t.style, formatDuration(t.duration), t.aspectRatio].filter(Boolean).join(' · ')}
        </p>
        {t.description && <p className="cr-detail-text">{t.description}</p>}
      </section>
      <div className="cr-detail-actions">
        <Button block color="primary" shape="rounded" size="large" onClick={sameAsThis}>
          做同款
        </Button>
      </div>
    </div>
  );
}
