/**
 * A draft campaign's CSV audience (docs/campaigns.md "CSV audience"): a file with a `phone` column
 * (and `name`, custom fields by slug) uploaded to `POST …/campaigns/{campaignId}/audience`; the answer's
 * counts (rows, customers created and updated, invalid rows with their line and why) are shown, and
 * the estimate above is read again, now counting the file's customers.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrg } from '../../app/org';
import { ErrorAlert } from '../../lib/format';
import { useUploadAudience } from './api/campaigns';

export function AudienceUpload({ campaignId }: { campaignId: string }) {
  const { orgId } = useOrg();
  const { t } = useTranslation();
  const upload = useUploadAudience(orgId, campaignId);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const result = upload.data;
  return (
    <form
      aria-label={t('campaigns.csv.title')}
      className="stack"
      onSubmit={(ev) => {
        ev.preventDefault();
        setError('');
        if (file) upload.mutate(file, { onError: (err) => setError(err.message) });
      }}
    >
      <h3>{t('campaigns.csv.title')}</h3>
      <p>{t('campaigns.csv.hint')}</p>
      <label>
        {t('campaigns.csv.file')}
        <input type="file" accept=".csv,text/csv" onChange={(ev) => setFile(ev.target.files?.[0] ?? null)} required />
      </label>
      <button type="submit" disabled={!file || upload.isPending}>
        {t('campaigns.csv.upload')}
      </button>
      {result ? (
        <div role="status" aria-label={t('campaigns.csv.result')}>
          <p>
            {t('campaigns.csv.counted', { rows: result.rows, created: result.created, updated: result.updated, invalid: result.invalid })}
          </p>
          {result.invalidRows.length > 0 ? (
            <ul className="plain">
              {result.invalidRows.map((r) => (
                <li key={r.row}>
                  {t('campaigns.csv.invalidRow', { row: r.row, errors: r.errors.map((e) => `${e.field}: ${e.message}`).join('; ') })}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <ErrorAlert message={error} />
    </form>
  );
}
