/**
 * A text input saved when the agent leaves it, that shows the stored value whenever the agent is
 * not typing in it. A new stored value (the answer to the previous save, another agent's change, a
 * switch of language that formats it anew) replaces the text only while the input is not focused:
 * keyed by the stored value, the input was mounted afresh when the answer to a save landed while
 * the agent was already typing again, and what they typed was lost.
 */
import { useEffect, useRef, useState, type InputHTMLAttributes } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'onFocus' | 'onBlur'> & {
  /** The stored value, as the input shows it. */
  stored: string;
  /** The text as the agent left it, when it differs from `stored`. */
  onLeave(text: string): void;
};

export function SavedOnLeave({ stored, onLeave, ...input }: Props) {
  const [text, setText] = useState(stored);
  const focused = useRef(false);
  useEffect(() => {
    if (!focused.current) setText(stored);
  }, [stored]);
  return (
    <input
      {...input}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onFocus={() => (focused.current = true)}
      onBlur={(e) => {
        focused.current = false;
        if (e.target.value !== stored) onLeave(e.target.value);
      }}
    />
  );
}
