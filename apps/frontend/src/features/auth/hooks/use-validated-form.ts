import { useState, type FormEvent } from 'react';
import type { ZodType } from 'zod';

type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

function validate<V extends Record<string, string>, Out>(schema: ZodType<Out, V>, values: V) {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: {} as FieldErrors<V> };
  const errors: FieldErrors<V> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field as keyof V & string] = issue.message;
  }
  return { data: null, errors };
}

/**
 * A small form state for string fields validated by a contract schema. Errors appear after the
 * first submit and then follow every edit.
 */
export function useValidatedForm<V extends Record<string, string>, Out>(schema: ZodType<Out, V>, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [submitted, setSubmitted] = useState(false);

  const setField = (field: keyof V & string, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validate(schema, next).errors);
  };

  const handleSubmit = (onValid: (data: Out) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validate(schema, values);
    setErrors(result.errors);
    if (result.data !== null) onValid(result.data);
  };

  /** Props for an MUI TextField bound to one field. */
  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setField(name, event.target.value),
    error: Boolean(errors[name]),
    helperText: errors[name] ?? ' ',
  });

  return { values, errors, field, handleSubmit };
}
