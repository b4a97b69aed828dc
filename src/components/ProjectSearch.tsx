import { useCallback, useId, useMemo, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { compareHref } from '../../api/compare';
import { searchProjects } from '../../api/projects';
import { idsFromSearch } from '../../machines/projects/compare/compare.url';
import { connectSearch } from '../../machines/projects/search/search.connect';
import { HEADER_MIN_KEYWORD_LENGTH, searchMachine } from '../../machines/projects/search/search.machine';
import { request } from '../lib/client';
import { Icon } from './Icon';
import { ProjectLogo } from './ProjectLogo';
import { Skeleton } from './Skeleton';
import './search.css';
import { inspect } from '../lib/inspect';
import { PAGE_PATHS } from '../../api/pages';

const machine = searchMachine.provide({
  actors: {
    searchProjects: fromPromise(({ input }: { input: { keyword: string } }) =>
      searchProjects(request, input.keyword),
    ),
  },
});

export type ProjectSearchProps = {
  variant: 'header' | 'page';
  /** Whether the '/' key focuses this box (one box per page does). */
  slashFocus?: boolean;
  minLength?: number;
  /** Called after a result was chosen (the drawer closes itself with it). */
  onChosen?: () => void;
  /** Picks the chosen project instead of opening its page (a form field, e.g. the portfolio's holding). */
  onPick?: (project: { id: string; name: string }) => void;
  id?: string;
};

/**
 * Project search box (spec §2 'Project search'): a combobox whose options come from the search machine.
 * Header variant: placeholder 'Search project', dropdown 252 px wide. Page variant: 'Search Project by Name / Token'.
 */
export function ProjectSearch({
  variant,
  slashFocus = false,
  minLength = HEADER_MIN_KEYWORD_LENGTH,
  onChosen,
  onPick,
  id,
}: ProjectSearchProps) {
  const [location, navigate] = useLocation();
  const search = useSearch();
  // On the compare page a result joins the projects compared (where it is already, they stay as they are);
  // elsewhere the comparison starts with it.
  const compareLink = useCallback(
    (id: string) => {
      const compared = location === PAGE_PATHS.compare ? idsFromSearch(search) : [];
      return compareHref(compared.includes(id) ? compared : [...compared, id]);
    },
    [location, search],
  );
  const inputRef = useRef<HTMLInputElement>(null);
  // The machine asks for these when a project is chosen; the latest props are provided on each change.
  const logic = useMemo(
    () =>
      machine.provide({
        actions: {
          blurInput: () => inputRef.current?.blur(),
          choose: (_, { project }) => {
            if (onPick) onPick({ id: project.id, name: project.name });
            else navigate(`/projects/${encodeURIComponent(project.id)}`);
            onChosen?.();
          },
          compare: (_, { project }) => {
            navigate(compareLink(project.id));
            onChosen?.();
          },
        },
      }),
    [navigate, onChosen, onPick, compareLink],
  );
  const actorRef = useActorRef(logic, { input: { minLength }, inspect });
  const snapshot = useSelector(actorRef, (s) => s);
  const autoId = useId();
  const view = connectSearch(snapshot, actorRef.send, {
    id: id ?? `search-${autoId.replace(/:/g, '')}`,
    // A form's picker only picks; a box that opens pages can also compare a result.
    canCompare: !onPick,
    compareHref: compareLink,
  });
  const placeholder = variant === 'header' ? 'Search project' : 'Search Project by Name / Token';

  return (
    <div {...view.getRootProps()} className={`search search-${variant}`}>
      <label {...view.getLabelProps()} className="visually-hidden">
        {placeholder}
      </label>
      <span className="search-icon">
        <Icon name="search" size={variant === 'page' ? 20 : 17} />
      </span>
      <input
        ref={inputRef}
        {...view.getInputProps()}
        placeholder={placeholder}
        // The '/' shortcut (src/first-load/slashShortcut.ts) focuses a marked box: it works before the app runs.
        data-slash-focus={slashFocus || undefined}
      />
      <kbd className="search-kbd" aria-hidden="true">
        /
      </kbd>
      <div className="search-popup" {...view.getPopupProps()}>
        {view.title && (
          <p className="search-title" {...view.getTitleProps()}>
            {view.title}
          </p>
        )}
        <ul {...view.getListProps()} className="search-list">
          {Array.from({ length: view.skeletonRows }, (_, i) => (
            <li key={`s${i}`} className="search-row search-skeleton" aria-hidden="true" data-part="skeleton">
              <Skeleton width={34} />
              <Skeleton width={28} height={28} round />
              <Skeleton width="55%" />
            </li>
          ))}
          {view.options.map((option, i) => (
            <li key={option.project.id} {...view.getOptionProps(i)} className="search-row">
              <span className="search-rank">{option.rankText}</span>
              <ProjectLogo src={option.project.logo} size={28} />
              <span className="search-name">{option.project.name}</span>
              {option.ticker && <span className="search-ticker">{option.ticker}</span>}
              {view.comparable && (
                // A pointer's shortcut on the row under it; keyboards and screen readers use the link below.
                <span className="search-row-compare" {...view.getOptionCompareProps(i)}>
                  Compare
                </span>
              )}
            </li>
          ))}
        </ul>
        {view.emptyText && <p className="search-empty">{view.emptyText}</p>}
        {view.errorText && <p className="search-empty">{view.errorText}</p>}
        {view.compared && (
          <a className="search-compare" {...view.getCompareLinkProps()}>
            <Icon name="chevronRight" size={16} /> {view.compareText}
          </a>
        )}
      </div>
    </div>
  );
}
