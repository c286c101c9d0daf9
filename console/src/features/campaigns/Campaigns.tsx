/**
 * Campaigns (DESIGN.md §10, docs/campaigns.md) for the roles with `campaigns.manage` (owners and
 * admins): the list with status and live counts (polled while one runs, and refreshed on the
 * stream's `campaign.*` events), a draft made from a name, a channel, an audience by tags and a
 * template (official channel) or a text, customers added to a draft from a CSV (AudienceUpload.tsx),
 * its cost estimate, and start/pause/resume/cancel.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrg } from '../../app/org';
import { ErrorAlert } from '../../lib/format';
import { numberFormat } from '../../i18n/locale-format';
import { ChannelSelect } from '../directory/DirectorySelects';
import type { ResponseData } from '../../lib/types';
import {
  campaignsKey,
  useCampaignAction,
  useCampaignEstimate,
  useCampaigns,
  useCreateCampaign,
  useTemplates,
  type CampaignAction,
} from './api/campaigns';
import { AudienceUpload } from './AudienceUpload';

type CampaignRow = ResponseData<'listCampaigns'>[number];

const ACTIONS: Record<string, CampaignAction[]> = {
  draft: ['start', 'cancel'],
  scheduled: ['pause', 'cancel'],
  running: ['pause', 'cancel'],
  paused: ['resume', 'cancel'],
};

function money(amount: number, currency: string, language: string): string {
  try {
    return numberFormat(language, { style: 'currency', currency, maximumFractionDigits: 4 }).format(amount);
  } catch {
    return `${currency} ${amount}`;
  }
}

export default function Campaigns() {
  const { orgId, can, subscribe } = useOrg();
  const { t } = useTranslation();
  const queries = useQueryClient();
  const list = useCampaigns(orgId);
  const [selected, setSelected] = useState<string | null>(null);
  useEffect(
    () =>
      subscribe((event) => {
        if (event.type.startsWith('campaign.')) void queries.invalidateQueries({ queryKey: campaignsKey(orgId) });
      }),
    [subscribe, queries, orgId],
  );
  if (!can('campaigns.manage'))
    return (
      <main className="settings">
        <p>{t('campaigns.adminsOnly')}</p>
      </main>
    );
  const campaigns = list.data?.data ?? [];
  const current = campaigns.find((c) => c.id === selected);
  return (
    <main className="settings campaigns">
      <h1>{t('campaigns.title')}</h1>
      <NewCampaign onCreated={setSelected} />
      <ErrorAlert message={list.error?.message ?? ''} />
      <section aria-label={t('campaigns.list')}>
        <h2>{t('campaigns.list')}</h2>
        {campaigns.length === 0 && !list.isLoading ? <p>{t('campaigns.none')}</p> : null}
        <table>
          <thead>
            <tr>
              <th>{t('campaigns.name')}</th>
              <th>{t('campaigns.statusLabel')}</th>
              <th>{t('campaigns.audience')}</th>
              <th>{t('campaigns.queued')}</th>
              <th>{t('campaigns.sent')}</th>
              <th>{t('campaigns.delivered')}</th>
              <th>{t('campaigns.failed')}</th>
              <th>{t('campaigns.skipped')}</th>
            </tr>
          </thead>
          <tbody>
            {campaigns.map((c) => (
              <tr key={c.id} aria-label={c.name} aria-selected={c.id === selected}>
                <td>
                  <button type="button" className="link" onClick={() => setSelected(c.id)}>
                    {c.name}
                  </button>
                </td>
                <td>{t(`campaigns.status.${c.status}`)}</td>
                <td>{c.counts.audience}</td>
                <td>{c.counts.queued}</td>
                <td>{c.counts.sent}</td>
                <td>{c.counts.delivered}</td>
                <td>{c.counts.failed}</td>
                <td>{Object.values(c.counts.skipped).reduce((a, b) => a + b, 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {current ? <CampaignDetail key={current.id} campaign={current} /> : null}
    </main>
  );
}

function CampaignDetail({ campaign }: { campaign: CampaignRow }) {
  const { orgId } = useOrg();
  const { t, i18n } = useTranslation();
  const estimate = useCampaignEstimate(orgId, campaign.id);
  const act = useCampaignAction(orgId);
  const [error, setError] = useState('');
  const e = estimate.data;
  return (
    <section aria-label={t('campaigns.detail', { name: campaign.name })}>
      <h2>{campaign.name}</h2>
      <p role="status" aria-label={t('campaigns.progress')}>
        {t('campaigns.progressText', {
          status: t(`campaigns.status.${campaign.status}`),
          sent: campaign.counts.sent,
          audience: campaign.counts.audience,
        })}
      </p>
      <div aria-label={t('campaigns.estimate')} role="group">
        <h3>{t('campaigns.estimate')}</h3>
        {e ? (
          <>
            <p>
              {t('campaigns.estimateTotal', { total: money(e.total, e.currency, i18n.language), recipients: e.recipients })}
              {e.reason === 'notTemplate' ? ` ${t('campaigns.notTemplate')}` : ''}
              {e.freeInWindow > 0 ? ` ${t('campaigns.freeInWindow', { count: e.freeInWindow })}` : ''}
            </p>
            {e.byCountry.length > 0 ? (
              <ul className="plain">
                {e.byCountry.map((c) => (
                  <li key={c.callingCode}>
                    {t('campaigns.byCountry', {
                      code: c.callingCode,
                      recipients: c.recipients,
                      cost: money(c.cost, e.currency, i18n.language),
                    })}
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        ) : (
          <p>{t('common.loading')}</p>
        )}
      </div>
      {campaign.status === 'draft' ? <AudienceUpload campaignId={campaign.id} /> : null}
      <div className="inline">
        {(ACTIONS[campaign.status] ?? []).map((action) => (
          <button
            key={action}
            type="button"
            disabled={act.isPending}
            onClick={() => (setError(''), act.mutate({ campaignId: campaign.id, action }, { onError: (err) => setError(err.message) }))}
          >
            {t(`campaigns.action.${action}`)}
          </button>
        ))}
      </div>
      <ErrorAlert message={error} />
    </section>
  );
}

function NewCampaign({ onCreated }: { onCreated: (id: string) => void }) {
  const { orgId, directory } = useOrg();
  const { t } = useTranslation();
  const create = useCreateCampaign(orgId);
  const templates = useTemplates(orgId);
  const [name, setName] = useState('');
  const [channelId, setChannelId] = useState('');
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [templateId, setTemplateId] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const channel = directory.channels.find((c) => c.id === channelId);
  const official = channel?.kind === 'whatsapp_official';
  const channelTemplates = (templates.data ?? []).filter((tpl) => tpl.channelId === channelId && tpl.status === 'approved');
  return (
    <form
      aria-label={t('campaigns.new')}
      className="stack"
      onSubmit={(ev) => {
        ev.preventDefault();
        setError('');
        const message = official && templateId ? { templateId } : { type: 'text' as const, content: { text } };
        create.mutate(
          { name: name.trim(), channelId, audience: { tagIds }, message },
          {
            onSuccess: (created) => {
              setName('');
              setText('');
              onCreated(created.id);
            },
            onError: (err) => setError(err.message),
          },
        );
      }}
    >
      <h2>{t('campaigns.new')}</h2>
      <label>
        {t('campaigns.name')}
        <input value={name} onChange={(ev) => setName(ev.target.value)} maxLength={200} required />
      </label>
      <ChannelSelect
        label={t('campaigns.channel')}
        value={channelId}
        onChange={setChannelId}
        emptyLabel={t('campaigns.chooseChannel')}
        required
      />
      <fieldset>
        <legend>{t('campaigns.audienceByTags')}</legend>
        {directory.tags.length === 0 ? <p>{t('campaigns.noTags')}</p> : null}
        {directory.tags.map((tag) => (
          <label key={tag.id} className="inline">
            <input
              type="checkbox"
              checked={tagIds.includes(tag.id)}
              onChange={(ev) => setTagIds(ev.target.checked ? [...tagIds, tag.id] : tagIds.filter((id) => id !== tag.id))}
            />
            {tag.name}
          </label>
        ))}
      </fieldset>
      {official ? (
        <label>
          {t('campaigns.template')}
          <select value={templateId} onChange={(ev) => setTemplateId(ev.target.value)}>
            <option value="">{t('campaigns.noTemplate')}</option>
            {channelTemplates.map((tpl) => (
              <option key={tpl.id} value={tpl.id}>
                {tpl.name} ({tpl.language})
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {!official || !templateId ? (
        <label>
          {t('campaigns.text')}
          <textarea value={text} onChange={(ev) => setText(ev.target.value)} maxLength={4096} required />
        </label>
      ) : null}
      <button type="submit" disabled={create.isPending}>
        {t('campaigns.createDraft')}
      </button>
      <ErrorAlert message={error} />
    </form>
  );
}
