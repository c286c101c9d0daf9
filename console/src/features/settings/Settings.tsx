/** Settings for the organization's admins: tags, webhooks (delivery log, replay) and the agent's own API keys. */
import { useState } from 'react';
import { useOrg } from '../../app/org';
import { ApiKeys } from './ApiKeys';
import { Tags } from './Tags';
import { Webhooks } from './Webhooks';

const SECTIONS = [
  { id: 'tags', label: 'Tags' },
  { id: 'webhooks', label: 'Webhooks' },
  { id: 'api-keys', label: 'API keys' },
] as const;

export default function Settings() {
  const { isAdmin } = useOrg();
  const [section, setSection] = useState<(typeof SECTIONS)[number]['id']>('tags');
  if (!isAdmin)
    return (
      <main className="settings">
        <p>Only the organization’s administrators see its settings.</p>
      </main>
    );
  return (
    <main className="settings">
      <h1>Settings</h1>
      <div role="tablist" aria-label="Settings" className="tabs">
        {SECTIONS.map((s) => (
          <button key={s.id} type="button" role="tab" aria-selected={section === s.id} onClick={() => setSection(s.id)}>
            {s.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={SECTIONS.find((s) => s.id === section)!.label}>
        {section === 'tags' ? <Tags /> : section === 'webhooks' ? <Webhooks /> : <ApiKeys />}
      </div>
    </main>
  );
}
