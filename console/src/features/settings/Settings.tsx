/** Settings for the organization's admins: tags, webhooks (delivery log, replay) and the agent's own API keys. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrg } from '../../app/org';
import { ApiKeys } from './ApiKeys';
import { Tags } from './Tags';
import { Webhooks } from './Webhooks';

const SECTIONS = [
  { id: 'tags', label: 'tags' },
  { id: 'webhooks', label: 'webhooks' },
  { id: 'api-keys', label: 'apiKeys' },
] as const;

export default function Settings() {
  const { isAdmin } = useOrg();
  const { t } = useTranslation();
  const [section, setSection] = useState<(typeof SECTIONS)[number]['id']>('tags');
  if (!isAdmin)
    return (
      <main className="settings">
        <p>{t('settings.adminsOnly')}</p>
      </main>
    );
  return (
    <main className="settings">
      <h1>{t('settings.title')}</h1>
      <div role="tablist" aria-label={t('settings.title')} className="tabs">
        {SECTIONS.map((s) => (
          <button key={s.id} type="button" role="tab" aria-selected={section === s.id} onClick={() => setSection(s.id)}>
            {t(`settings.${s.label}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={t(`settings.${SECTIONS.find((s) => s.id === section)!.label}`)}>
        {section === 'tags' ? <Tags /> : section === 'webhooks' ? <Webhooks /> : <ApiKeys />}
      </div>
    </main>
  );
}
