/** A line that says how something went (an alert or a status), there only while there is something to say. */
export function MessageLine({
  role,
  className,
  text,
}: {
  role: 'alert' | 'status';
  className: string;
  text: string | null | undefined;
}) {
  return text ? (
    <p role={role} className={className}>
      {text}
    </p>
  ) : null;
}
