import { useRef, useState } from 'react';
import type { ZodType } from 'zod';
import {
  checkRecipient,
  RECIPIENT_FIELDS,
  type Recipient,
  type RecipientCheck,
  type RecipientErrors,
  type RecipientField,
} from './recipient-form';

/**
 * The state of an e-mail dialog's recipient fields (`recipient-form.ts`): the values, the problems
 * found by the last check (each shown under its field, and cleared when that field is edited), and
 * props for MUI TextFields, all marked required.
 * @param initial the values to start with
 * @param order the fields in the order the dialog shows them (the first at fault takes the focus)
 */
export function useRecipientForm(initial: Recipient, order: readonly RecipientField[] = RECIPIENT_FIELDS) {
  const [values, setValues] = useState<Recipient>(initial);
  const [errors, setErrors] = useState<RecipientErrors>({});
  const inputs = useRef<Partial<Record<RecipientField, HTMLInputElement | null>>>({});

  /** Checks `body` (the values and the rest of the request); on a problem shows it and focuses the first field at fault. */
  const check = <Out>(schema: ZodType<Out>, rest: Record<string, unknown>, missingText: string): RecipientCheck<Out> => {
    const result = checkRecipient(schema, { ...values, ...rest }, missingText);
    setErrors(result.ok ? {} : result.errors);
    const first = result.ok ? undefined : order.find((name) => result.errors[name] !== undefined);
    if (first) inputs.current[first]?.focus();
    return result;
  };

  /** Sets every field (the dialog opened, or was sent) and clears the problems shown. */
  const reset = (next: Recipient) => {
    setValues(next);
    setErrors({});
  };

  /** Props for the TextField of one field: required (the asterisk), its problem as its helper text. */
  const field = (name: RecipientField, disabled: boolean) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setErrors((current) => (current[name] === undefined ? current : { ...current, [name]: undefined }));
    },
    inputRef: (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
    required: true,
    fullWidth: true,
    disabled,
    error: errors[name] !== undefined,
    helperText: errors[name] ?? ' ',
  });

  return { values, check, reset, field };
}
