/**
 * Choosing a WhatsApp template and its variables, shared by the reply box's picker and `New
 * conversation` (DESIGN §11): a field per placeholder, and the `Preview` of the body as the customer
 * will read it, filled as the agent types (a blank one still reads `{{n}}`). WhatsApp refuses an
 * empty parameter, so the choice is `ready` only when every placeholder has its value.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Template } from '../../lib/types';
import { fillTemplate, placeholderNumbers, templateBody } from './template-text';

export interface TemplateChoice {
  templates: readonly Template[];
  template: Template | undefined;
  chosen: string;
  choose(id: string): void;
  variables: string[];
  setVariable(index: number, value: string): void;
  /** The values in placeholder order, one per placeholder (what the API takes as `variables`). */
  values: string[];
  /** A template is chosen and no placeholder is blank. */
  ready: boolean;
  reset(): void;
}

export function useTemplateChoice(templates: readonly Template[]): TemplateChoice {
  const [chosen, setChosen] = useState('');
  const [variables, setVariables] = useState<string[]>([]);
  const template = templates.find((t) => t.id === chosen);
  const count = placeholderNumbers(templateBody(template?.components)).length;
  const values = Array.from({ length: count }, (_, i) => variables[i] ?? '');
  return {
    templates,
    template,
    chosen,
    choose: (id) => (setChosen(id), setVariables([])),
    variables,
    setVariable: (index, value) => setVariables((v) => Object.assign([...v], { [index]: value })),
    values,
    ready: !!template && values.every((v) => v.trim() !== ''),
    reset: () => (setChosen(''), setVariables([])),
  };
}

/** The `Template` select, a `Variable n` field per placeholder and the `Preview`. */
export function TemplateFields({ choice, onChange }: { choice: TemplateChoice; onChange?: () => void }) {
  const { t } = useTranslation();
  const body = templateBody(choice.template?.components);
  return (
    <>
      <label>
        {t('reply.template')}
        <select value={choice.chosen} onChange={(e) => (choice.choose(e.target.value), onChange?.())}>
          <option value="">{t('reply.chooseTemplate')}</option>
          {choice.templates.map((tpl) => (
            <option key={tpl.id} value={tpl.id}>
              {tpl.name} ({tpl.language})
            </option>
          ))}
        </select>
      </label>
      {choice.values.map((value, i) => (
        <label key={i}>
          {t('reply.variable', { n: i + 1 })}
          <input value={value} onChange={(e) => choice.setVariable(i, e.target.value)} />
        </label>
      ))}
      {choice.template ? (
        <figure className="template-preview" aria-label={t('reply.templatePreview')}>
          <figcaption className="small muted">{t('reply.templatePreview')}</figcaption>
          <p className="text">{body ? fillTemplate(body, choice.variables) : t('reply.noBody')}</p>
        </figure>
      ) : null}
    </>
  );
}
