import { Description, DialogTitle } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  PICKER_LIST_HEIGHT,
  PICKER_PLACEHOLDER,
  PICKER_TITLE,
  TRENDING_HEADING,
  pickerKeyword,
  type watchlistPickerMachine,
} from '../../machines/watchlist/picker/watchlistPicker.machine';
import { Icon } from './Icon';
import { ProjectLogo } from './ProjectLogo';
import { RetryButton } from './RetryButton';
import { ModalDialog } from './ModalDialog';

export type PickerActorRef = ActorRefFrom<typeof watchlistPickerMachine>;

export type ProjectPickerModalProps = {
  actorRef: PickerActorRef;
  title?: string;
  subtitle?: string;
  /** List height in px (spec §9: 256 by default). */
  height?: number;
};

/** 'Add Projects' (spec §2 'Watchlist project picker modal'). */
export function ProjectPickerModal({
  actorRef,
  title = PICKER_TITLE,
  subtitle,
  height = PICKER_LIST_HEIGHT,
}: ProjectPickerModalProps) {
  const open = useSelector(actorRef, (s) => s.hasTag('open'));
  const loading = useSelector(actorRef, (s) => s.hasTag('loading'));
  const failed = useSelector(actorRef, (s) => s.hasTag('error'));
  const keyword = useSelector(actorRef, (s) => s.context.keyword);
  const results = useSelector(actorRef, (s) => s.context.results);
  const existing = useSelector(actorRef, (s) => s.context.existing);
  const close = () => actorRef.send({ type: 'CLOSE' });
  if (!open) return null;
  const heading = pickerKeyword(keyword) === '' ? TRENDING_HEADING : 'Search Results';
  return (
    <ModalDialog
      onClose={close}
      className="watchlist-dialog"
      panelClassName="picker-panel"
      scope="watchlist-picker"
      part="panel"
    >
      <DialogTitle as="h2">{title}</DialogTitle>
      {subtitle && <Description className="muted">{subtitle}</Description>}
      <div className="picker-search">
        <Icon name="search" size={18} />
        <input
          type="search"
          aria-label={PICKER_PLACEHOLDER}
          placeholder={PICKER_PLACEHOLDER}
          autoFocus
          value={keyword}
          onChange={(e) => actorRef.send({ type: 'TYPE', keyword: e.target.value })}
        />
      </div>
      <h3 className="picker-heading" id="picker-heading">
        {heading}
      </h3>
      <div className="picker-list" style={{ height }} data-part="list">
        {failed ? (
          <div className="picker-empty">
            <p>Something went wrong</p>
            <RetryButton onRetry={() => actorRef.send({ type: 'RETRY' })} />
          </div>
        ) : loading && results.length === 0 ? (
          <ul className="picker-rows" aria-busy="true" aria-labelledby="picker-heading">
            {Array.from({ length: 5 }, (_, i) => (
              <li key={i} className="picker-row">
                <span className="skeleton" style={{ width: '100%', height: 28 }} />
              </li>
            ))}
          </ul>
        ) : results.length === 0 ? (
          <p className="picker-empty">No projects match “{keyword.trim()}”.</p>
        ) : (
          <ul className="picker-rows" aria-labelledby="picker-heading" aria-busy={loading}>
            {results.map((p) => {
              const added = existing.includes(p.id);
              return (
                <li key={p.id}>
                  <button
                    type="button"
                    className={`picker-row${added ? ' is-added' : ''}`}
                    aria-pressed={added}
                    onClick={() => actorRef.send({ type: 'PICK', projectId: p.id })}
                    data-part="option"
                  >
                    <span className="picker-rank">{p.rank === null ? 'N/A' : `#${p.rank}`}</span>
                    <ProjectLogo src={p.logo} size={28} />
                    <span className="picker-name">{p.name}</span>
                    <span className="picker-ticker">{p.tokenTickers[0] ?? ''}</span>
                    <span className="picker-mark" aria-hidden={!added}>
                      {added && <Icon name="check" size={18} label="In watchlist" />}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </ModalDialog>
  );
}
