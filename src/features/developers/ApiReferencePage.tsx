import { Fragment, useMemo } from 'react';
import { getOpenApiDocument, type OpenApiDocument } from '../../../api/apiReference';
import { request } from '../../lib/client';
import { useResource } from '../../lib/useResource';
import { useTitle } from '../../lib/title';
import { RetryButton } from '../../components/RetryButton';
import { TableHead, type TableColumn } from '../../components/TableHead';
import {
  referenceView,
  schemaAnchor,
  type FieldRow,
  type OperationView,
  type ParameterRow,
  type Payload,
  type TagView,
} from './referenceModel';
import './developers.css';

/** A description's `code` spans, as the document writes them (Markdown backticks), without a Markdown renderer. */
function Text({ children }: { children: string }) {
  return (
    <>
      {children
        .split('`')
        .map((part, i) => (i % 2 ? <code key={i}>{part}</code> : <Fragment key={i}>{part}</Fragment>))}
    </>
  );
}

/** The columns both reference tables end with: a value's type, whether it is required, and its notes. */
const VALUE_COLUMNS: readonly TableColumn[] = [
  'Type',
  { label: 'Required', className: 'ref-col-short' },
  { label: 'Notes', className: 'ref-col-notes' },
];

function ValueCells({ row }: { row: { type: string; required: boolean; notes: string } }) {
  return (
    <>
      <td className="ref-type">{row.type}</td>
      <td>{row.required ? 'Yes' : 'No'}</td>
      <td>
        <Text>{row.notes}</Text>
      </td>
    </>
  );
}

function Fields({ rows, caption }: { rows: FieldRow[]; caption: string }) {
  return (
    <table className="ref-table">
      <caption className="visually-hidden">{caption}</caption>
      <TableHead columns={['Field', ...VALUE_COLUMNS]} />
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <th scope="row" className="ref-name" data-depth={Math.min(row.depth, 4)}>
              {row.name}
            </th>
            <ValueCells row={row} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Parameters({ rows, caption }: { rows: ParameterRow[]; caption: string }) {
  return (
    <table className="ref-table">
      <caption className="visually-hidden">{caption}</caption>
      <TableHead columns={['Name', { label: 'In', className: 'ref-col-short' }, ...VALUE_COLUMNS]} />
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.in} ${row.name}`}>
            <th scope="row" className="ref-name">
              {row.name}
            </th>
            <td>{row.in}</td>
            <ValueCells row={row} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function PayloadType({ payload }: { payload: Payload }) {
  return (
    <p className="ref-payload">
      <code>{payload.contentType}</code>:{' '}
      {payload.schema ? (
        <a href={`#${schemaAnchor(payload.schema)}`}>
          <code>{payload.type}</code>
        </a>
      ) : (
        <code>{payload.type}</code>
      )}
    </p>
  );
}

function Operation({ op }: { op: OperationView }) {
  const title = `${op.method} ${op.path}`;
  return (
    <section className="ref-operation" id={op.anchor} aria-labelledby={`${op.anchor}-title`}>
      <h3 id={`${op.anchor}-title`} className="ref-operation-title">
        <span className="ref-method" data-method={op.method}>
          {op.method}
        </span>{' '}
        <code className="ref-path">{op.path}</code>
      </h3>
      {op.summary ? <p className="ref-summary">{op.summary}</p> : null}
      {op.description && op.description !== op.summary ? (
        <p>
          <Text>{op.description}</Text>
        </p>
      ) : null}
      <p className="ref-auth">
        <span className="ref-label">Authentication:</span> {op.auth}
      </p>
      {op.parameters.length ? (
        <>
          <h4>Parameters</h4>
          <Parameters rows={op.parameters} caption={`Parameters of ${title}`} />
        </>
      ) : null}
      {op.body ? (
        <>
          <h4>Request body{op.body.required ? '' : ' (optional)'}</h4>
          <PayloadType payload={op.body} />
          {op.body.fields.length ? (
            <Fields rows={op.body.fields} caption={`Request body of ${title}`} />
          ) : null}
        </>
      ) : null}
      <h4>Responses</h4>
      <dl className="ref-responses">
        {op.responses.map((response) => (
          <div key={response.status}>
            <dt>
              <code>{response.status}</code>
            </dt>
            <dd>
              {response.description}
              {response.payload ? <PayloadType payload={response.payload} /> : null}
              {response.payload?.fields.length ? (
                <details>
                  <summary>Fields ({response.payload.fields.length})</summary>
                  <Fields
                    rows={response.payload.fields}
                    caption={`Response ${response.status} of ${title}`}
                  />
                </details>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Tag({ tag }: { tag: TagView }) {
  return (
    <section className="ref-tag" id={tag.anchor} aria-labelledby={`${tag.anchor}-title`}>
      <h2 id={`${tag.anchor}-title`}>{tag.name}</h2>
      {tag.description ? (
        <p className="ref-tag-description">
          <Text>{tag.description}</Text>
        </p>
      ) : null}
      {tag.alsoHere.length ? (
        <ul className="ref-also">
          {tag.alsoHere.map((op) => (
            <li key={op.anchor}>
              <a href={`#${op.anchor}`}>
                <span className="ref-method" data-method={op.method}>
                  {op.method}
                </span>{' '}
                <code>{op.path}</code>
              </a>{' '}
              {op.summary}
            </li>
          ))}
        </ul>
      ) : null}
      {tag.operations.map((op) => (
        <Operation key={op.anchor} op={op} />
      ))}
    </section>
  );
}

function Reference({ doc }: { doc: OpenApiDocument }) {
  const view = useMemo(() => referenceView(doc), [doc]);
  return (
    <div className="container ref-layout">
      <nav className="ref-nav" aria-label="API sections">
        <ul>
          {view.tags.map((tag) => (
            <li key={tag.name}>
              <a href={`#${tag.anchor}`}>{tag.name}</a>
            </li>
          ))}
          {view.schemas.length ? (
            <li>
              <a href="#schemas">Schemas</a>
            </li>
          ) : null}
        </ul>
      </nav>
      <div className="ref-content">
        <p className="ref-intro">
          <Text>{view.description}</Text>
        </p>
        <p className="ref-intro">
          {view.title} {view.version}. The machine-readable contract (OpenAPI 3.1) is at{' '}
          <a href="/api/openapi.json">/api/openapi.json</a>.
        </p>
        {view.tags.map((tag) => (
          <Tag key={tag.name} tag={tag} />
        ))}
        {view.schemas.length ? (
          <section className="ref-tag" id="schemas" aria-labelledby="schemas-title">
            <h2 id="schemas-title">Schemas</h2>
            {view.schemas.map((schema) => (
              <section
                key={schema.name}
                className="ref-operation"
                id={schema.anchor}
                aria-labelledby={`${schema.anchor}-title`}
              >
                <h3 id={`${schema.anchor}-title`} className="ref-operation-title">
                  <code>{schema.name}</code>
                </h3>
                <p className="ref-payload">
                  <code>{schema.type}</code>
                </p>
                {schema.fields.length ? (
                  <Fields rows={schema.fields} caption={`Schema ${schema.name}`} />
                ) : null}
              </section>
            ))}
          </section>
        ) : null}
      </div>
    </div>
  );
}

/**
 * /developers/api: the API reference, read from the server's OpenAPI document (/api/openapi.json) through the
 * resource machine and listed by tag as plain tables: no reference renderer to download, and the site's styles.
 */
export default function ApiReferencePage() {
  useTitle('API Reference');
  const doc = useResource(() => getOpenApiDocument(request));
  return (
    <main id="main" className="developers-api" aria-labelledby="developers-api-title">
      <div className="container ref-header">
        <p className="eyebrow">Developers</p>
        <h1 id="developers-api-title">API Reference</h1>
      </div>
      {doc.failed ? (
        <div className="container">
          <p role="alert">
            The reference could not be loaded. The contract is at{' '}
            <a href="/api/openapi.json">/api/openapi.json</a>.{' '}
            <RetryButton onRetry={doc.retry} label="Try again" />
          </p>
        </div>
      ) : doc.data ? (
        <Reference doc={doc.data} />
      ) : (
        <div className="container" aria-busy="true">
          <p>Loading the reference…</p>
        </div>
      )}
    </main>
  );
}
