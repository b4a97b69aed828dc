import { useId } from 'react';
import { RetryButton } from '../../components/RetryButton';
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
  /** What every control of the form takes: its id (for its label), value, edits and the messages it is described by. */
  const control = (field: ContractField, hint?: boolean) => ({
    id: `${id}-${field}`,
    value: view.form[field],
    onChange: (e: { target: { value: string } }) => send({ type: 'CHANGE', field, value: e.target.value }),
    'aria-invalid': !!view.fieldError(field),
    'aria-describedby': described(field, hint),
  });
  if (view.chainsLoading) return <div className="contracts-form-pending skeleton" aria-busy="true" />;
  if (view.chainsFailed)
    return (
      <div className="contracts-form">
        <p role="alert">{view.error}</p>
        <RetryButton onRetry={() => send({ type: 'RETRY' })} label="Try again" />{' '}
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
        <select {...control('chainId')}>
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
          {...control('address')}
          className="mono"
          placeholder="0x…"
          autoComplete="off"
          spellCheck={false}
        />
        {error('address')}
      </div>
      <div className="field contracts-field">
        <label htmlFor={`${id}-label`}>Label (optional)</label>
        <input {...control('label')} maxLength={200} />
        {error('label')}
      </div>
      <div className="field contracts-field">
        <label htmlFor={`${id}-abi`}>ABI (optional)</label>
        <textarea {...control('abi', true)} className="mono" rows={3} spellCheck={false} />
        <span id={`${id}-abi-hint`} className="field-hint">
          A JSON array. Without one, functions and events are read from the bytecode.
        </span>
        {error('abi')}
      </div>
      <div className="field contracts-field">
        <label htmlFor={`${id}-fromBlock`}>Start block (optional)</label>
        <input {...control('fromBlock', true)} inputMode="numeric" />
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
