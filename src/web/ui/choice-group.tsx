import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldMessage } from './form-field';
import { labelClassName } from './input-styles';

export interface Choice {
  value: string;
  label: string;
  description?: string;
  icon?: ReactNode;
}

interface ChoiceGroupProps {
  legend: string;
  registration: UseFormRegisterReturn;
  choices: readonly Choice[];
  error?: string;
  columns?: 2 | 3;
}

/** Radio buttons drawn as cards: one choice out of a few, each with a line of explanation. */
export function ChoiceGroup({
  legend,
  registration,
  choices,
  error,
  columns = 3,
}: ChoiceGroupProps) {
  const errorId = `${useId()}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className={labelClassName}>{legend}</legend>
      <div className={`grid gap-3 ${columns === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}>
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="flex min-h-12 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white p-3 hover:border-slate-400 has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:ring-1 has-checked:ring-brand-700 has-focus-visible:outline-2 has-focus-visible:outline-accent-500"
          >
            <input
              type="radio"
              value={choice.value}
              {...registration}
              aria-invalid={error ? true : undefined}
              className="mt-1 size-4 shrink-0 accent-brand-800 focus-visible:outline-none"
            />
            <span className="min-w-0">
              <span className="flex items-center gap-2 font-semibold text-slate-900">
                {choice.icon}
                {choice.label}
              </span>
              {choice.description && (
                <span className="mt-0.5 block text-sm text-slate-600">{choice.description}</span>
              )}
            </span>
          </label>
        ))}
      </div>
      <FieldMessage id={errorId} error={error} />
    </fieldset>
  );
}
