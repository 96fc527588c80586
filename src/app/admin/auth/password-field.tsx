/** A password input with its show/hide toggle (spec: each field of the change-password form has one). */
import { useState } from 'react';
import { inputClass } from '../ui';

export function PasswordField({
  id,
  name,
  label,
  value,
  onChange,
  autoComplete,
  describedBy,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  describedBy?: string;
}) {
  const [visible, setVisible] = useState(false);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          aria-describedby={describedBy}
          className={inputClass}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-pressed={visible}
          aria-label={visible ? 'Nascondi password' : 'Mostra password'}
          aria-controls={id}
          className="w-24 shrink-0 rounded-lg border border-slate-400 px-3 text-center text-sm font-medium hover:border-violet-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500 dark:border-slate-500"
        >
          {visible ? 'Nascondi' : 'Mostra'}
        </button>
      </div>
    </div>
  );
}
