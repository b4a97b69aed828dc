import { useId, useMemo, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { fromCallback, fromPromise } from 'xstate';
import { searchProjects } from '../../api/projects';
import {
  HEADER_MIN_KEYWORD_LENGTH,
  searchMachine,
  type SearchEvent,
} from '../../machines/search/search.machine';
import { request } from '../lib/client';
import { Icon } from './Icon';
import { ProjectLogo } from './ProjectLogo';
import { Skeleton } from './Skeleton';
import './search.css';
import { inspect } from '../lib/inspect';

const isTypingTarget = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

/** The '/' key focuses `input` (unless typed into a field); the box's focus handler then opens it. */
const focusOnSlash = (input: { current: HTMLInputElement | null }) =>
  fromCallback<SearchEvent, { enabled: boolean }>(({ input: { enabled } }) => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.metaKey || e.ctrlKey || e.altKey || isTypingTarget(e.target)) return;
      e.preventDefault();
      input.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

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
  const [, navigate] = useLocation();
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
        },
        actors: { slashShortcut: focusOnSlash(inputRef) },
      }),
    [navigate, onChosen, onPick],
  );
  // slashFocus is read when the box starts (the header remounts its box when that changes).
  const actorRef = useActorRef(logic, { input: { minLength, slashFocus }, inspect });
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
              </li>
            ))}
        </ul>
        {!isLoading && !isError && options.length === 0 && (
          <p className="search-empty">No project matches “{keyword.trim()}”.</p>
        )}
        {isError && <p className="search-empty">Search is unavailable right now. Please try again.</p>}
      </div>
    </div>
  );
}
