/**
 * The customer's previous conversations (DESIGN §11, `GET …/chats?customerId=&status=closed`):
 * each opens in the chat view, where a closed chat is read-only (its reply box says so).
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useOrg } from '../../app/org';
import { client, unwrap } from '../../lib/api-client';
import { orgKey } from '../../lib/query-client';
import { ErrorAlert, shortTime } from '../../lib/format';

export function PreviousChats({ customerId, chatId }: { customerId: string; chatId: string }) {
  const { orgId } = useOrg();
  const { t } = useTranslation();
  const { data, error } = useQuery({
    queryKey: [...orgKey(orgId), 'previous-chats', customerId],
    queryFn: () =>
      unwrap(
        client.GET('/api/{organizationId}/chats', {
          params: { path: { organizationId: orgId }, query: { customerId, status: 'closed', limit: 20 } },
        }),
      ).then((page) => page.data),
  });
  const previous = (data ?? []).filter((c) => c.id !== chatId);
  return (
    <section aria-label={t('previousChats.title')}>
      <h3>{t('previousChats.title')}</h3>
      <ErrorAlert message={error ? t('previousChats.loadError', { reason: error.message }) : ''} />
      {data && previous.length === 0 ? <p className="muted small">{t('previousChats.none')}</p> : null}
      <ul className="plain">
        {previous.map((c) => (
          <li key={c.id}>
            <Link href={`/inbox/${c.id}`}>
              {t('previousChats.closedAt', { when: shortTime(c.closedAt ?? c.updatedAt) })}
              {c.lastMessage ? <span className="muted small preview"> · {c.lastMessage.preview}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
