import { useId } from 'react';
import type {
  ContractField,
  ProjectContractsEvent,
  ProjectContractsView,
} from '../../../machines/projects/contracts/projectContracts.types';

/** The admin's form to monitor a contract (loaded only when an admin opens it). */
export default function AddContractForm({
  view,
  send,
}: {
  view: ProjectContractsView;
  send: (e: ProjectContractsEvent) => void;
}) {
  const id = useId();
  const change = (field: ContractField) => (e: { target: { value: string } }) =>
    send({ type: 'CHANGE', field, value: e.target.value });
  const described = (field: ContractField, hint?: boolean) =>
    [view.fieldError(field) ? `${id}-${field}-error` : '', hint ? `${id}-${field}-hint` : '']
      .filter(Boolean)
      .join(' ') || undefined;
  const error = (field: ContractField) =>
    view.fieldError(field) && (
      <span id={`${id}-${field}-error`} className="field-error">
        {view.fieldError(field)}
      </span>
    );
  if (view.chainsLoading) return <div className="contracts-form-pending skeleton" aria-busy="true" />;
  if (view.chainsFailed)
    return (
      <div className="contracts-form">
        <p role="alert">{view.error}</p>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => send({ type: 'RETRY' })}>
          Try again
        </button>{' '}
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => send({ type: 'CANCEL' })}>
          Cancel
        </button>
      </div>
    );
  return (
    <form
      className="contracts-form"
      aria-label="Add a contract"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'SUBMIT' });
      }}
    >
      <div className="field contracts-field">
        <label htmlFor={`${id}-chainId`}>Chain</label>
        <select
          id={`${id}-chainId`}
          value={view.form.chainId}
          onChange={change('chainId')}
          aria-invalid={!!view.fieldError('chainId')}
          aria-describedby={described('chainId')}
        >
          <option value="">Choose a chain</option>
          {view.chains.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </select>
        {error('chainId')}
      </div>
      <div className="field contracts-field">
        <label htmlFor={`${id}-address`}>Address</label>
        <input
          id={`${id}-address`}
          className="mono"
          value={view.form.address}
          onChange={change('address')}
          placeholder="0x…"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={!!view.fieldError('address')}
          aria-describedby={described('address')}
        />
        {error('address')}
      </div>
      <div className="field contracts-field">
        <label htmlFor={`${id}-label`}>Label (optional)</label>
        <input
          id={`${id}-label`}
          value={view.form.label}
          onChange={change('label')}
          maxLength={200}
          aria-invalid={!!view.fieldError('label')}
          aria-describedby={described('label')}
        />
        {error('label')}
      </div>
      <div className="field contracts-field">
        <label htmlFor={`${id}-abi`}>ABI (optional)</label>
        <textarea
          id={`${id}-abi`}
          className="mono"
          rows={3}
          value={view.form.abi}
          onChange={change('abi')}
          spellCheck={false}
          aria-invalid={!!view.fieldError('abi')}
          aria-describedby={described('abi', true)}
        />
        <span id={`${id}-abi-hint`} className="field-hint">
          A JSON array. Without one, functions and events are read from the bytecode.
        </span>
        {error('abi')}
      </div>
      <div className="field contracts-field">
        <label htmlFor={`${id}-fromBlock`}>Start block (optional)</label>
        <input
          id={`${id}-fromBlock`}
          inputMode="numeric"
          value={view.form.fromBlock}
          onChange={change('fromBlock')}
          aria-invalid={!!view.fieldError('fromBlock')}
          aria-describedby={described('fromBlock', true)}
        />
        <span id={`${id}-fromBlock-hint`} className="field-hint">
          Default: the block it was deployed in when that can be found, else the latest block.
        </span>
        {error('fromBlock')}
      </div>
      {view.error && (
        <p className="contracts-error" role="alert">
          {view.error}
        </p>
      )}
      <div className="contracts-form-actions">
        <button
          type="submit"
          className="btn btn-primary btn-sm"
          disabled={view.submitting}
          aria-busy={view.submitting}
        >
          {view.submitting ? 'Adding…' : 'Add contract'}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={view.submitting}
          onClick={() => send({ type: 'CANCEL' })}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
