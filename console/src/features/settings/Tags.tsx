/** The organization's tags: create, delete (deleting detaches it from every customer). */
import { useState } from 'react';
import { useOrg } from '../../app/org';
import { ErrorAlert } from '../../lib/format';
import { useCreateTag, useDeleteTag } from './api/tags';

export function Tags() {
  const { orgId, directory } = useOrg();
  const create = useCreateTag(orgId);
  const remove = useDeleteTag(orgId);
  const [name, setName] = useState('');
  const [color, setColor] = useState('#2563eb');
  const [error, setError] = useState('');
  const failed = (err: Error) => setError(err.message);
  return (
    <section aria-label="Tags">
      <form
        className="inline"
        onSubmit={(e) => {
          e.preventDefault();
          setError('');
          if (name.trim()) create.mutate({ name: name.trim(), color }, { onSuccess: () => setName(''), onError: failed });
        }}
      >
        <label>
          Tag name
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} required />
        </label>
        <label>
          Color
          <input type="color" value={color} onChange={(e) => setColor(e.target.value)} />
        </label>
        <button type="submit">Add tag</button>
      </form>
      <ErrorAlert message={error} />
      <ul className="plain rows">
        {directory.tags.map((t) => (
          <li key={t.id}>
            <span className="swatch" style={{ background: t.color }} aria-hidden="true" /> {t.name}
            <button
              type="button"
              className="link"
              aria-label={`Delete tag ${t.name}`}
              onClick={() => (setError(''), remove.mutate(t.id, { onError: failed }))}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
