import { Link } from 'wouter';
import { Logo } from '../components/Logo';
import { CHAT_LINK, COMPANY_LINKS, PRODUCT_LINKS, RESOURCES_LINK, SOCIAL_LINKS } from '../lib/nav';
import { QrCode } from './QrCode';

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
        <nav aria-labelledby="footer-products">
          <h2 id="footer-products">Products</h2>
          <ul>
            {PRODUCT_LINKS.map((l) => (
              <li key={l.href}>
                <Link href={l.href}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-resources">
          <h2 id="footer-resources">Resources</h2>
          <ul>
            <li>
              <Link href={RESOURCES_LINK.href}>{RESOURCES_LINK.label}</Link>
            </li>
            <li>
              <Link href="/">Security Leaderboard</Link>
            </li>
            <li>
              <Link href="/resources/methodology">Rating Methodology</Link>
            </li>
            <li>
              <Link href="/resources/incidents">Incidents Database</Link>
            </li>
            <li>
              <Link href="/developers/api">API Reference</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company">Company</h2>
          <ul>
            {COMPANY_LINKS.map((l) => (
              <li key={l.href}>
                <Link href={l.href}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
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
