import { useState } from 'react';
import { useFieldErrors } from './use-field-errors';

/** What a form's fields read and write: the values, their errors, one setter. */
export interface FormFields<K extends string> {
  values: Record<K, string>;
  errors: Record<string, string>;
  change: (name: K, value: string) => void;
}

/** A text form's values (one record) with its field errors; `reset` empties it after a success. */
export function useForm<K extends string>(initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const fieldErrors = useFieldErrors();
  const change = (name: K, value: string) => setValues((current) => ({ ...current, [name]: value }));
  return { ...fieldErrors, values, change, reset: () => setValues(initial) };
}
