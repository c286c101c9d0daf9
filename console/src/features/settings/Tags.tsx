/** The organization's tags: create, delete (deleting detaches it from every customer). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrg } from '../../app/org';
import { ErrorAlert } from '../../lib/format';
import { useCreateTag, useDeleteTag } from './api/tags';

export function Tags() {
  const { orgId, directory } = useOrg();
  const { t } = useTranslation();
  const create = useCreateTag(orgId);
  const remove = useDeleteTag(orgId);
  const [name, setName] = useState('');
  const [color, setColor] = useState('#2563eb');
  const [error, setError] = useState('');
  const failed = (err: Error) => setError(err.message);
  return (
    <section aria-label={t('settings.tags')}>
      <form
        className="inline"
        onSubmit={(e) => {
          e.preventDefault();
          setError('');
          if (name.trim()) create.mutate({ name: name.trim(), color }, { onSuccess: () => setName(''), onError: failed });
        }}
      >
        <label>
          {t('settings.tagName')}
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} required />
        </label>
        <label>
          {t('settings.color')}
          <input type="color" value={color} onChange={(e) => setColor(e.target.value)} />
        </label>
        <button type="submit">{t('settings.addTag')}</button>
      </form>
      <ErrorAlert message={error} />
      <ul className="plain rows">
        {directory.tags.map((tag) => (
          <li key={tag.id}>
            <span className="swatch" style={{ background: tag.color }} aria-hidden="true" /> {tag.name}
            <button
              type="button"
              className="link"
              aria-label={t('settings.deleteTag', { name: tag.name })}
              onClick={() => (setError(''), remove.mutate(tag.id, { onError: failed }))}
            >
              {t('common.delete')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
