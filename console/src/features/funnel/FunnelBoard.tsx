/**
 * The funnel board: a column per stage, a card per customer. A card moves by drag and drop, or by
 * keyboard: focus it and press ← / → (the move is announced). Each move is `PUT …/stage`, so it
 * writes the stage history and `customer.stage_changed` like any other move.
 *
 * A card shows the customer's sale value (`salePrice`) in the organization's currency
 * (`settings.currency`, BRL unless set) formatted for the agent's language; each column's heading
 * counts its cards and its total sums their values. Opening a card (its name, or Enter on it) goes
 * to the customer's latest conversation in the inbox, where the customer panel sits beside the
 * chat: an agent picking a deal up needs both what was said and the record.
 *
 * `New customer` adds one to a stage of the funnel shown (NewCustomer.tsx). `Tag` and `Agent` narrow
 * every column to the customers with that tag, or with a chat assigned to that member (the customer
 * list's `tagId` and `assigneeProfileId`); counts and totals are those of the cards shown.
 */
import { useMemo, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { currentLocale } from '../../i18n';
import { formatMoney } from '../../i18n/locale-format';
import { useOrg } from '../../app/org';
import type { Customer, Stage } from '../../lib/types';
import { ErrorAlert } from '../../lib/format';
import { latestChatOf, useBoard, useMoveCard, type BoardFilter } from './api/stage-customers';
import { NewCustomer } from './NewCustomer';
import { stageSum } from './stage-sum';

export default function FunnelBoard() {
  const { orgId, directory, currency } = useOrg();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const money = (value: number) => formatMoney(value, currentLocale(), currency);
  const funnels = useMemo(() => [...new Set(directory.stages.map((s) => s.funnel))], [directory.stages]);
  const [funnel, setFunnel] = useState('');
  const current = funnel || funnels[0] || '';
  const stages = useMemo(
    () => directory.stages.filter((s) => s.funnel === current).sort((a, b) => a.position - b.position),
    [directory.stages, current],
  );
  const stageIds = useMemo(() => stages.map((s) => s.id), [stages]);
  // Stage moves and new customers are customer events: app/org.tsx invalidates the board's query.
  const [filter, setFilter] = useState<BoardFilter>({ tagId: '', assigneeProfileId: '' });
  const { data: cards = {}, error: readError } = useBoard(orgId, stageIds, filter);
  const moveCard = useMoveCard(orgId, stageIds, filter);
  const members = useMemo(() => [...directory.members].sort((a, b) => a.name.localeCompare(b.name)), [directory.members]);
  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState('');
  const [dragOver, setDragOver] = useState<string | null>(null);

  const move = (customer: Customer, to: Stage, focusAfter = false) => {
    if (customer.stageId === to.id) return;
    setAnnouncement(t('funnel.moved', { name: customer.name, stage: to.name }));
    setError('');
    moveCard.mutate(
      { customer, stageId: to.id },
      {
        onSuccess: () => {
          if (focusAfter) requestAnimationFrame(() => document.getElementById(`card-${customer.id}`)?.focus());
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  /** The customer's latest chat in the inbox; a customer nobody has talked to yet is said so. */
  const open = (customer: Customer) => {
    setError('');
    latestChatOf(orgId, customer.id).then(
      (chat) => (chat ? navigate(`/inbox/${chat.id}`) : setAnnouncement(t('funnel.noChat', { name: customer.name }))),
      (err: Error) => setError(err.message),
    );
  };

  const onKey = (event: KeyboardEvent, customer: Customer, index: number) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) {
      event.preventDefault();
      return open(customer);
    }
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const to = stages[index + step];
    if (!step || !to) return;
    event.preventDefault();
    move(customer, to, true);
  };

  const onDrop = (event: DragEvent, stage: Stage) => {
    event.preventDefault();
    setDragOver(null);
    const id = event.dataTransfer.getData('text/plain');
    const customer = Object.values(cards)
      .flat()
      .find((c) => c.id === id);
    if (customer) move(customer, stage);
  };

  return (
    <main className="funnel">
      <div className="funnel-head">
        <h1>{t('funnel.title')}</h1>
        {funnels.length > 1 ? (
          <label>
            {t('funnel.funnel')}
            <select value={current} onChange={(e) => setFunnel(e.target.value)}>
              {funnels.map((f) => (
                <option key={f}>{f}</option>
              ))}
            </select>
          </label>
        ) : null}
        <label>
          {t('funnel.tag')}
          <select value={filter.tagId} onChange={(e) => setFilter((f) => ({ ...f, tagId: e.target.value }))}>
            <option value="">{t('funnel.allTags')}</option>
            {directory.tags.map((tag) => (
              <option key={tag.id} value={tag.id}>
                {tag.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('funnel.agent')}
          <select value={filter.assigneeProfileId} onChange={(e) => setFilter((f) => ({ ...f, assigneeProfileId: e.target.value }))}>
            <option value="">{t('funnel.allAgents')}</option>
            {members.map((m) => (
              <option key={m.profileId} value={m.profileId}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
        <NewCustomer stages={stages} onAdded={(name, stage) => setAnnouncement(t('funnel.added', { name, stage: stage.name }))} />
        <p className="small muted">{t('funnel.help')}</p>
      </div>
      {stages.length === 0 ? <p>{t('funnel.noStages')}</p> : null}
      <div className="board">
        {stages.map((stage, index) => {
          const column = cards[stage.id] ?? [];
          const sum = stageSum(column);
          return (
            <section
              key={stage.id}
              className={`column ${dragOver === stage.id ? 'drag-over' : ''}`}
              aria-labelledby={`stage-${stage.id}`}
              onDragOver={(e) => {
                e.preventDefault();
                setDragOver(stage.id);
              }}
              onDragLeave={() => setDragOver((s) => (s === stage.id ? null : s))}
              onDrop={(e) => onDrop(e, stage)}
            >
              <h2 id={`stage-${stage.id}`}>
                {stage.name} <span className="muted small">{sum.count}</span>
              </h2>
              <p className="stage-total small">{t('funnel.total', { total: money(sum.total) })}</p>
              <ul aria-label={stage.name} className="cards">
                {column.map((customer) => (
                  <li
                    key={customer.id}
                    id={`card-${customer.id}`}
                    className="card"
                    tabIndex={0}
                    draggable
                    aria-roledescription={t('funnel.draggable')}
                    aria-label={t('funnel.card', { name: customer.name, stage: stage.name })}
                    onDragStart={(e) => {
                      e.dataTransfer.setData('text/plain', customer.id);
                      e.dataTransfer.effectAllowed = 'move';
                    }}
                    onKeyDown={(e) => onKey(e, customer, index)}
                  >
                    <button
                      type="button"
                      className="link card-open"
                      onClick={() => open(customer)}
                      aria-label={t('funnel.open', { name: customer.name })}
                    >
                      <strong>{customer.name}</strong>
                    </button>
                    <span className="small muted">{customer.contacts[0]?.value ?? customer.email ?? ''}</span>
                    {customer.salePrice !== null ? <span className="small sale-value">{money(customer.salePrice)}</span> : null}
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <ErrorAlert message={error || (readError ? t('funnel.loadError', { reason: readError.message }) : '')} />
    </main>
  );
}
