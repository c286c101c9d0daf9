/**
 * A text input saved when the agent leaves it, that shows the stored value whenever the agent is
 * not typing in it. A new stored value (the answer to the previous save, another agent's change, a
 * switch of language that formats it anew) replaces the text only while the input is not focused:
 * keyed by the stored value, the input was mounted afresh when the answer to a save landed while
 * the agent was already typing again, and what they typed was lost.
 *
 * The text follows a new stored value in the same render, not in an effect: an effect ran after
 * the render, and when the agent focused the input and selected its text in between (as Playwright's
 * `fill` does, or a double-click), the effect still saw the input unfocused and replaced the text
 * under the selection, so what was typed next was added to the end (`1.299,91500,50`).
 */
import { useState, type InputHTMLAttributes } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'onFocus' | 'onBlur'> & {
  /** The stored value, as the input shows it. */
  stored: string;
  /** The text as the agent left it, when it differs from `stored`. */
  onLeave(text: string): void;
};

export function SavedOnLeave({ stored, onLeave, ...input }: Props) {
  // What the agent typed, kept while they type and after they leave until a new stored value comes.
  const [draft, setDraft] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  const [shownStored, setShownStored] = useState(stored);
  if (stored !== shownStored) {
    setShownStored(stored);
    if (!focused) setDraft(null);
  }
  return (
    <input
      {...input}
      value={draft ?? stored}
      onChange={(e) => setDraft(e.target.value)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        setFocused(false);
        if (e.target.value !== stored) onLeave(e.target.value);
        else setDraft(null);
      }}
    />
  );
}
