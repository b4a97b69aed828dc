import { Link } from 'wouter';
import { Logo } from '../components/Logo';
import {
  CHAT_LINK,
  COMPANY_LINKS,
  PRODUCT_LINKS,
  RESOURCES_LINK,
  SOCIAL_LINKS,
  type NavLink,
} from '../lib/nav';
import { QrCode } from './QrCode';

/** The footer's Resources: the blog, as in the header, and the site's own reference pages. */
const FOOTER_RESOURCES: NavLink[] = [
  RESOURCES_LINK,
  { href: '/', label: 'Security Leaderboard' },
  { href: '/resources/methodology', label: 'Rating Methodology' },
  { href: '/resources/incidents', label: 'Incidents Database' },
  { href: '/developers/api', label: 'API Reference' },
];

/** One of the footer's link groups: a heading that names the list. */
function FooterGroup({ id, title, links }: { id: string; title: string; links: NavLink[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul>
        {links.map((l) => (
          <li key={l.href}>
            <Link href={l.href}>{l.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Footer with the four groups and the copyright line (spec §2 'App shell'). */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer on-dark">
      <div className="container footer-grid">
        <div className="footer-brand">
          <Logo />
          <p>Independent security ratings, audits and on-chain monitoring for blockchain projects.</p>
        </div>
        <FooterGroup id="footer-products" title="Products" links={PRODUCT_LINKS} />
        <FooterGroup id="footer-resources" title="Resources" links={FOOTER_RESOURCES} />
        <FooterGroup id="footer-company" title="Company" links={COMPANY_LINKS} />
        <nav aria-labelledby="footer-socials">
          <h2 id="footer-socials">Socials</h2>
          <ul>
            {SOCIAL_LINKS.map((l) => (
              <li key={l.href}>
                <a href={l.href} target="_blank" rel="noopener noreferrer" data-kind={l.kind}>
                  {l.label}
                </a>
              </li>
            ))}
            <li className="footer-chat">
              <a
                href={CHAT_LINK.href}
                target="_blank"
                rel="noopener noreferrer"
                aria-describedby="chat-qr-hint"
                data-kind="chat"
              >
                {CHAT_LINK.label}
              </a>
              <span className="qr-popup" role="tooltip" id="chat-qr-hint">
                <QrCode />
                <span>Scan to join our {CHAT_LINK.label}</span>
              </span>
            </li>
          </ul>
        </nav>
      </div>
      <div className="container footer-bottom">
        <p>© {year} Sentinel Ratings. All rights reserved.</p>
        <p className="footer-note">Ratings are opinions on security posture, not investment advice.</p>
      </div>
    </footer>
  );
}
