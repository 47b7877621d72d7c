import { useState } from 'react';
import { validateBody, type BodySchema } from '@mojud/api-client';

export interface FormStateOptions {
  /** Typing in a field takes its error away (the person is fixing it). */
  clearOnChange?: boolean;
}

/**
 * A form's values and errors: the one place a form keeps them. `field('name')` gives what a
 * TextField, NumberField or SelectField needs (value, onChange, error), so a form lists each
 * field on one line. `check` runs the contract's schema, puts its errors beside the fields and
 * returns the parsed body, or null. `setErrors` takes the form's own rules' errors and, through
 * formCallbacks, the server's; an error under a key no field has (`form`, `lines`) is the
 * form's to show where it says such things.
 */
export function useFormState<T extends Record<string, string>>(initial: T, { clearOnChange = false }: FormStateOptions = {}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (name: keyof T & string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (clearOnChange) setErrors(({ [name]: _dropped, ...rest }) => rest);
  };
  const field = (name: keyof T & string) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
  });
  const check = <B>(schema: BodySchema<B>, body: unknown): B | null => {
    const checked = validateBody(schema, body);
    setErrors(checked.ok ? {} : checked.errors);
    return checked.ok ? checked.data : null;
  };
  return { values, setValues, set, errors, setErrors, field, check };
}
