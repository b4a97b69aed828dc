import type { ReactNode } from 'react';

/** One column heading: its text, or its content with a class (`num` for figures, a width class, …). */
export type TableColumn = string | { label: ReactNode; className?: string };

/** A table's `<thead>`: one row of column headings, each `scope="col"`. */
export function TableHead({ columns }: { columns: readonly TableColumn[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, i) =>
          typeof column === 'string' ? (
            <th key={i} scope="col">
              {column}
            </th>
          ) : (
            <th key={i} scope="col" className={column.className}>
              {column.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
