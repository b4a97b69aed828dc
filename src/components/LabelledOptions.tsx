/** A select's options for a fixed list of values, in the list's order, each shown by its label. */
export function LabelledOptions<V extends string>({
  values,
  labels,
}: {
  values: readonly V[];
  labels: Record<V, string>;
}) {
  return values.map((v) => (
    <option key={v} value={v}>
      {labels[v]}
    </option>
  ));
}
