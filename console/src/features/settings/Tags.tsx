/** The organization's tags: create, delete (deleting detaches it from every customer). */
import { useState } from 'react';
import { useOrg } from '../../app/org';
import { ErrorAlert } from '../../lib/format';

export function Tags() {
  const { api, directory, reloadDirectory } = useOrg();
  const [name, setName] = useState('');
  const [color, setColor] = useState('#2563eb');
  const [error, setError] = useState('');
  const run = (action: Promise<unknown>) => {
    setError('');
    return action.then(reloadDirectory, (err: Error) => {
      setError(err.message);
      throw err;
    });
  };
  return (
    <section aria-label="Tags">
      <form
        className="inline"
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim())
            void run(api.createTag(name.trim(), color)).then(
              () => setName(''),
              () => {},
            );
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
              onClick={() => void run(api.deleteTag(t.id)).catch(() => {})}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
