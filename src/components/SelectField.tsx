export type SelectOption = string | { value: string; label: string };

/**
 * A filter form's choice: a labelled select whose first option (value '') means "any" (All chains, Any year, …).
 * Options are given as values (shown as they are) or as value and label.
 */
export function SelectField({
  id,
  label,
  any,
  options,
  value,
  onChange,
  className = 'field',
}: {
  id: string;
  label: string;
  /** The text of the "any" option. */
  any: string;
  options: readonly SelectOption[];
  value: string;
  onChange: (value: string) => void;
  /** The wrapper's classes, when the form lays the field out its own way. */
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{any}</option>
        {options.map((o) => {
          const { value: v, label: text } = typeof o === 'string' ? { value: o, label: o } : o;
          return (
            <option key={v} value={v}>
              {text}
            </option>
          );
        })}
      </select>
    </div>
  );
}
