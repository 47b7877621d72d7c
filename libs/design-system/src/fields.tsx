import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import './components.css';
import { groupTyped } from './format';

interface FieldChrome {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
}

function useFieldIds(id?: string) {
  const generated = useId();
  const inputId = id ?? generated;
  return { inputId, errorId: `${inputId}-error`, hintId: `${inputId}-hint` };
}

function Field({
  inputId,
  errorId,
  hintId,
  label,
  error,
  hint,
  children,
}: FieldChrome & { inputId: string; errorId: string; hintId: string; children: ReactNode }) {
  return (
    <div className="ds-field">
      <label className="ds-field__label" htmlFor={inputId}>
        {label}
      </label>
      {children}
      {hint && (
        <span id={hintId} className="ds-field__hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className="ds-field__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

function describedBy(error: unknown, hint: unknown, errorId: string, hintId: string) {
  return [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
}

export type TextFieldProps = FieldChrome & Omit<InputHTMLAttributes<HTMLInputElement>, 'children'>;

export function TextField({ label, error, hint, id, className, ...input }: TextFieldProps) {
  const ids = useFieldIds(id);
  return (
    <Field {...ids} label={label} error={error} hint={hint}>
      <input
        id={ids.inputId}
        className={['ds-field__input', className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error, hint, ids.errorId, ids.hintId)}
        {...input}
      />
    </Field>
  );
}

export type NumberFieldProps = Omit<TextFieldProps, 'type' | 'min' | 'max' | 'step'> & {
  /** Kept for the caller's reading; the value is checked by the form's schema after parseNumber. */
  min?: number | string;
  max?: number | string;
  step?: number | string;
};

/**
 * A number typed in Bengali or Latin digits. A text box, not `type="number"`: a browser's number
 * box refuses ১২৩ (and Number('১২৩') is NaN), so the form reads it with parseNumber. The
 * keyboard on a phone still opens on digits (inputmode).
 */
export function NumberField({ min: _min, max: _max, step, ...props }: NumberFieldProps) {
  const whole = step !== undefined && Number(step) === 1;
  return <TextField type="text" inputMode={whole ? 'numeric' : 'decimal'} autoComplete="off" {...props} />;
}

/**
 * An amount of money: a NumberField that shows thousands separators in the reader's digits
 * while it is typed ("১২,৫০০"); parseNumber reads it back. The caret stays after the digit just
 * typed when a separator comes or goes.
 */
export function AmountField({ onChange, ...props }: NumberFieldProps) {
  return (
    <NumberField
      step="0.01"
      {...props}
      onChange={(e) => {
        const input = e.target;
        const caret = input.selectionStart ?? input.value.length;
        const digitsBefore = input.value.slice(0, caret).replace(/[^\d\u09e6-\u09ef.]/g, '').length;
        const grouped = groupTyped(input.value);
        input.value = grouped;
        let at = 0;
        for (let seen = 0; at < grouped.length && seen < digitsBefore; at++) if (/[\d\u09e6-\u09ef.]/.test(grouped[at])) seen++;
        if (document.activeElement === input) input.setSelectionRange(at, at);
        onChange?.(e);
      }}
    />
  );
}

export interface SelectOption {
  value: string;
  label: ReactNode;
}

export type SelectFieldProps = FieldChrome &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & { options: SelectOption[] };

export function SelectField({ label, error, hint, id, options, className, ...select }: SelectFieldProps) {
  const ids = useFieldIds(id);
  return (
    <Field {...ids} label={label} error={error} hint={hint}>
      <select
        id={ids.inputId}
        className={['ds-field__input', className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error, hint, ids.errorId, ids.hintId)}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

export type TextAreaFieldProps = FieldChrome & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'>;

/** Several lines of text (a message's wording), with the same label, hint and error as a TextField. */
export function TextAreaField({ label, error, hint, id, className, ...textarea }: TextAreaFieldProps) {
  const ids = useFieldIds(id);
  return (
    <Field {...ids} label={label} error={error} hint={hint}>
      <textarea
        id={ids.inputId}
        className={['ds-field__input', 'ds-field__input--area', className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error, hint, ids.errorId, ids.hintId)}
        {...textarea}
      />
    </Field>
  );
}
