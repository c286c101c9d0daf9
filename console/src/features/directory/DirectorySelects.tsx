/**
 * The team and channel pickers the inbox filters, the reports' filters and the campaign form share:
 * one place for the options and their words, so a channel reads the same everywhere
 * (`channelLabel`: its name, else its kind, as in the list's badge and the chat header).
 */
import { useOrg } from '../../app/org';
import { channelLabel } from '../../lib/format';

interface PickerProps {
  /** The field's visible name (its accessible name). */
  label: string;
  value: string;
  onChange: (id: string) => void;
  /** The first option, value '': "All teams", "Choose a channel"… */
  emptyLabel: string;
  required?: boolean;
}

function Picker({ label, value, onChange, emptyLabel, required, options }: PickerProps & { options: { id: string; label: string }[] }) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)} required={required}>
        <option value="">{emptyLabel}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function TeamSelect(props: PickerProps) {
  const { directory } = useOrg();
  return <Picker {...props} options={directory.teams.map((team) => ({ id: team.id, label: team.name }))} />;
}

export function ChannelSelect(props: PickerProps) {
  const { directory } = useOrg();
  return <Picker {...props} options={directory.channels.map((c) => ({ id: c.id, label: channelLabel(c, c.id) }))} />;
}
