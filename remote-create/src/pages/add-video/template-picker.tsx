import type { SysVideo } from '@app/contract';
import { pageItems } from '@app/shared';
import { Cover } from '../../components/cover';
import { useTemplate } from '../../templates/template-detail';
import { useTemplateList } from '../../templates/template-list';

interface Props {
  value: string;
  onChange(template: SysVideo | null): void;
}

/** A row of templates to pick from, 不使用模板 first; a prefilled one shows even if not on the first page. */
export function TemplatePicker({ value, onChange }: Props) {
  const templates = useTemplateList();
  const chosen = useTemplate(value);
  const list = pageItems(templates.data?.pages);
  const shown = chosen.data && !list.some((t) => t.id === chosen.data.id) ? [chosen.data, ...list] : list;
  return (
    <div className="cr-template-picker" role="radiogroup" aria-label="模板">
      <button type="button" role="radio" aria-checked={value === ''} className="cr-template-option" onClick={() => onChange(null)}>
        <span className="cr-template-option-none">无</span>
        <span className="cr-template-option-title">不使用模板</span>
      </button>
      {shown.map((t) => (
        <button key={t.id} type="button" role="radio" aria-checked={value === t.id} className="cr-template-option" onClick={() => onChange(t)}>
          <Cover src={t.coverUrl} thumbUrl={t.coverThumbUrl} aspectRatio={t.aspectRatio} box="option" />
          <span className="cr-template-option-title">{t.title}</span>
        </button>
      ))}
      {templates.isError && <span className="cr-field-note">模板加载失败</span>}
    </div>
  );
}
