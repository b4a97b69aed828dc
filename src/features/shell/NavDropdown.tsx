import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { Icon } from '../../components/Icon';
import type { NavLink } from './nav';

/**
 * A header navigation dropdown: a native disclosure (details/summary) of links, so the open state lives in the
 * DOM and no dialog library is needed on the landing page. Closes on Escape, outside click, focus leaving and
 * navigation.
 */
export function NavDropdown({ label, links, wide }: { label: string; links: NavLink[]; wide?: boolean }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [location] = useLocation();

  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location]);

  useEffect(() => {
    const onDown = (e: PointerEvent) => {
      if (ref.current?.open && !ref.current.contains(e.target as Node)) ref.current.open = false;
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, []);

  return (
    <details
      ref={ref}
      className="nav-dropdown"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && ref.current?.open) {
          ref.current.open = false;
          ref.current.querySelector('summary')?.focus();
        }
      }}
      onBlur={(e) => {
        if (ref.current && !ref.current.contains(e.relatedTarget as Node | null)) ref.current.open = false;
      }}
    >
      <summary className="nav-link nav-trigger">
        {label}
        <Icon name="chevronDown" size={16} />
      </summary>
      <div className={`nav-panel${wide ? ' nav-panel-wide' : ''}`}>
        <ul>
          {links.map((l) => (
            <li key={l.href}>
              <Link href={l.href} className="nav-panel-link">
                <span className="nav-panel-label">{l.label}</span>
                {l.description && <span className="nav-panel-desc">{l.description}</span>}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
