import type { ChangeEvent } from 'react';

/**
 * A staff form's fields tied to its machine: the per-field errors the server named (by field name, a finding row's
 * as `findings.0.title`), the message after a field, the attributes that point the field at it, and a text field's
 * props. Ids are `<form id>-<name>` for a field and `<form id>-<name>-error` for its message (a dotted name's dots
 * as dashes), so a label's htmlFor is `${id}-${name}`.
 */
/** The names of a form's string fields. */
type TextName<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F] & string;

export function formFields<F extends object>({
  id,
  form,
  fields,
  change,
  errorClass,
}: {
  id: string;
  form: F;
  fields: Record<string, string>;
  change: (patch: Partial<F>) => void;
  errorClass: string;
}) {
  const errorId = (name: string) => `${id}-${name.replace(/\./g, '-')}-error`;
  const described = (name: string) =>
    fields[name] ? { 'aria-invalid': true, 'aria-describedby': errorId(name) } : {};
  const fieldError = (name: string) =>
    fields[name] ? (
      <span id={errorId(name)} className={errorClass}>
        {fields[name]}
      </span>
    ) : null;
  /** A text input's or textarea's id, value, edits and error attributes, for one string field of the form. */
  const text = (name: TextName<F>) => ({
    id: `${id}-${name}`,
    value: String(form[name]),
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      change({ [name]: e.target.value } as Partial<F>),
    ...described(name),
  });
  return { described, fieldError, text };
}
