import { useCallback, useId, useMemo, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { compareHref } from '../../api/compare';
import { searchProjects } from '../../api/projects';
import { idsFromSearch } from '../../machines/projects/compare/compare.url';
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

const SKELETON_ROWS = 6;

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
  const keyword = useSelector(actorRef, (s) => s.context.keyword);
  const options = useSelector(actorRef, (s) => s.context.options);
  const highlighted = useSelector(actorRef, (s) => s.context.highlighted);
  const isOpen = useSelector(actorRef, (s) => s.hasTag('open'));
  const isLoading = useSelector(actorRef, (s) => s.hasTag('loading'));
  const isError = useSelector(actorRef, (s) => s.hasTag('error'));
  const rootRef = useRef<HTMLDivElement>(null);
  const autoId = useId();
  const baseId = id ?? `search-${autoId.replace(/:/g, '')}`;
  const listId = `${baseId}-list`;
  const optionId = (i: number) => `${baseId}-opt-${i}`;
  const placeholder = variant === 'header' ? 'Search project' : 'Search Project by Name / Token';
  const trending = keyword.trim().length < minLength;

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        actorRef.send(isOpen ? { type: 'NEXT' } : { type: 'FOCUS' });
        break;
      case 'ArrowUp':
        e.preventDefault();
        actorRef.send({ type: 'PREV' });
        break;
      case 'Enter':
        if (isOpen) {
          e.preventDefault();
          actorRef.send({ type: 'CHOOSE' });
        }
        break;
      case 'Escape':
        if (isOpen) {
          e.preventDefault();
          actorRef.send({ type: 'CLOSE' });
        }
        break;
    }
  };

  const showList = isOpen;
  const activeId = isOpen && !isLoading && options.length > 0 ? optionId(highlighted) : undefined;
  // A form's picker only picks; a box that opens pages can also compare a result.
  const comparable = !onPick && !isLoading && options.length > 0;
  const compared = comparable ? options[highlighted] : undefined;

  return (
    <div
      ref={rootRef}
      className={`search search-${variant}`}
      data-scope="search"
      data-part="root"
      onBlur={(e) => {
        if (!rootRef.current?.contains(e.relatedTarget as Node | null)) actorRef.send({ type: 'CLOSE' });
      }}
    >
      <label htmlFor={`${baseId}-input`} className="visually-hidden">
        {placeholder}
      </label>
      <span className="search-icon">
        <Icon name="search" size={variant === 'page' ? 20 : 17} />
      </span>
      <input
        ref={inputRef}
        id={`${baseId}-input`}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={activeId}
        placeholder={placeholder}
        value={keyword}
        onFocus={() => actorRef.send({ type: 'FOCUS' })}
        onChange={(e) => actorRef.send({ type: 'TYPE', keyword: e.target.value })}
        onKeyDown={onKeyDown}
        data-part="input"
        // The '/' shortcut (src/first-load/slashShortcut.ts) focuses a marked box: it works before the app runs.
        data-slash-focus={slashFocus || undefined}
      />
      <kbd className="search-kbd" aria-hidden="true">
        /
      </kbd>
      <div className="search-popup" hidden={!showList} data-part="popup">
        {trending && (
          <p className="search-title" id={`${baseId}-title`}>
            Trending Search
          </p>
        )}
        <ul
          id={listId}
          role="listbox"
          aria-label={trending ? 'Trending Search' : 'Search results'}
          aria-busy={isLoading}
          className="search-list"
        >
          {isLoading &&
            Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <li
                key={`s${i}`}
                className="search-row search-skeleton"
                aria-hidden="true"
                data-part="skeleton"
              >
                <Skeleton width={34} />
                <Skeleton width={28} height={28} round />
                <Skeleton width="55%" />
              </li>
            ))}
          {!isLoading &&
            options.map((p, i) => (
              <li
                key={p.id}
                id={optionId(i)}
                role="option"
                aria-selected={i === highlighted}
                className="search-row"
                data-part="option"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => actorRef.send({ type: 'SELECT', index: i })}
              >
                <span className="search-rank">{p.rank === null ? 'N/A' : `#${p.rank}`}</span>
                <ProjectLogo src={p.logo} size={28} />
                <span className="search-name">{p.name}</span>
                {p.tokenTickers[0] && <span className="search-ticker">{p.tokenTickers[0]}</span>}
                {comparable && (
                  // A pointer's shortcut on the row under it; keyboards and screen readers use the link below.
                  <span
                    className="search-row-compare"
                    aria-hidden="true"
                    data-part="compare"
                    onClick={(e) => {
                      e.stopPropagation();
                      actorRef.send({ type: 'COMPARE', index: i });
                    }}
                  >
                    Compare
                  </span>
                )}
              </li>
            ))}
        </ul>
        {!isLoading && !isError && options.length === 0 && (
          <p className="search-empty">No project matches “{keyword.trim()}”.</p>
        )}
        {isError && <p className="search-empty">Search is unavailable right now. Please try again.</p>}
        {compared && (
          <a
            className="search-compare"
            href={compareLink(compared.id)}
            data-part="compare-link"
            onClick={(e) => {
              // A new tab or window follows the address itself.
              if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
              e.preventDefault();
              actorRef.send({ type: 'COMPARE', index: highlighted });
            }}
          >
            <Icon name="chevronRight" size={16} /> Compare {compared.name}
          </a>
        )}
      </div>
    </div>
  );
}
