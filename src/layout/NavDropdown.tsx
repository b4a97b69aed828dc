import { useActorRef, useSelector } from '@xstate/react';
import { useId, useMemo, useRef } from 'react';
import { Link } from 'wouter';
import { connectNavDropdown } from '../../machines/ui/nav-dropdown/navDropdown.connect';
import { dismissOnOutside } from '../../machines/ui/nav-dropdown/navDropdown.dom';
import { navDropdownMachine } from '../../machines/ui/nav-dropdown/navDropdown.machine';
import { Icon } from '../components/Icon';
import type { NavLink } from '../lib/nav';
import { inspect } from '../lib/inspect';

/** A header navigation dropdown: a disclosure button (`aria-expanded`) and its panel of links. */
export function NavDropdown({ label, links, wide }: { label: string; links: NavLink[]; wide?: boolean }) {
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const logic = useMemo(
    () => navDropdownMachine.provide({ actors: { dismissWatcher: dismissOnOutside(root, '.nav-trigger') } }),
    [],
  );
  const actorRef = useActorRef(logic, { inspect });
  const view = connectNavDropdown(
    useSelector(actorRef, (s) => s),
    actorRef.send,
    { panel: panelId },
  );

  return (
    <div ref={root} className="nav-dropdown" {...view.getRootProps()}>
      <button type="button" className="nav-link nav-trigger" {...view.getTriggerProps()}>
        {label}
        <Icon name="chevronDown" size={16} />
      </button>
      <div className={`popover-panel nav-panel${wide ? ' nav-panel-wide' : ''}`} {...view.getPanelProps()}>
        <ul>
          {links.map((l) => (
            <li key={l.href}>
              <Link href={l.href} className="nav-panel-link" {...view.getLinkProps()}>
                <span className="nav-panel-label">{l.label}</span>
                {l.description && <span className="nav-panel-desc">{l.description}</span>}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
