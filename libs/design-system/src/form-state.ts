import { useState } from 'react';
import { validateBody, type BodySchema } from '@mojud/api-client';

/**
 * A text form's values and field errors. `field('name')` gives what a TextField or SelectField
 * needs (value, onChange, error), so a form lists each field on one line. `check` runs the
 * contract's schema, puts its errors beside the fields and returns the parsed body, or null.
 */
export function useFormState<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (name: keyof T & string) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: event.target.value })),
  });
  const check = <B>(schema: BodySchema<B>, body: unknown): B | null => {
    const checked = validateBody(schema, body);
    setErrors(checked.ok ? {} : checked.errors);
    return checked.ok ? checked.data : null;
  };
  return { values, setValues, errors, setErrors, field, check };
}
