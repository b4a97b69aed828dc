import { Description, DialogTitle } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { connectWatchlistPicker } from '../../machines/watchlist/picker/watchlistPicker.connect';
import {
  PICKER_LIST_HEIGHT,
  type watchlistPickerMachine,
} from '../../machines/watchlist/picker/watchlistPicker.machine';
import { Icon } from './Icon';
import { ProjectLogo } from './ProjectLogo';
import { RetryButton } from './RetryButton';
import { WatchlistDialog } from './ModalDialog';

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
  title,
  subtitle,
  height = PICKER_LIST_HEIGHT,
}: ProjectPickerModalProps) {
  const snapshot = useSelector(actorRef, (s) => s);
  const view = connectWatchlistPicker(snapshot, actorRef.send);
  if (!view.open) return null;
  return (
    <WatchlistDialog onClose={view.close} panelClassName="picker-panel" scope="watchlist-picker">
      <DialogTitle as="h2">{title ?? view.defaultTitle}</DialogTitle>
      {subtitle && <Description className="muted">{subtitle}</Description>}
      <div className="picker-search">
        <Icon name="search" size={18} />
        <input autoFocus {...view.getSearchInputProps()} />
      </div>
      <h3 {...view.getHeadingProps()}>{view.heading}</h3>
      <div className="picker-list" style={{ height }} data-part="list">
        {view.failed ? (
          <div className="picker-empty">
            <p>{view.errorText}</p>
            <RetryButton onRetry={view.retry} />
          </div>
        ) : view.showSkeleton ? (
          <ul {...view.getListProps()}>
            {Array.from({ length: view.skeletonRows }, (_, i) => (
              <li key={i} className="picker-row">
                <span className="skeleton" style={{ width: '100%', height: 28 }} />
              </li>
            ))}
          </ul>
        ) : view.empty ? (
          <p className="picker-empty">{view.emptyText}</p>
        ) : (
          <ul {...view.getListProps()}>
            {view.options.map((option) => (
              <li key={option.project.id}>
                <button {...view.getOptionProps(option)}>
                  <span className="picker-rank">{option.rankText}</span>
                  <ProjectLogo src={option.project.logo} size={28} />
                  <span className="picker-name">{option.project.name}</span>
                  <span className="picker-ticker">{option.ticker}</span>
                  <span {...view.getMarkProps(option)}>
                    {option.added && <Icon name="check" size={18} label="In watchlist" />}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </WatchlistDialog>
  );
}
