import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { useEndingAppChild } from '../../app/hooks';
import './cookie.css';

/** The cookie notice (spec §2 'App shell'): shows until 'I Accept', then stays hidden (cookieConsent). */
export function CookieNotice() {
  const actorRef = useEndingAppChild('cookieConsent');
  return actorRef ? <Shown actorRef={actorRef} /> : null;
}

function Shown({
  actorRef,
}: {
  actorRef: NonNullable<ReturnType<typeof useEndingAppChild<'cookieConsent'>>>;
}) {
  const open = useSelector(actorRef, (s) => s.hasTag('open'));
  if (!open) return null;
  return (
    <section className="cookie-notice on-dark" aria-label="Cookie notice" data-scope="cookie-consent">
      <p>
        We use cookies to keep you signed in, remember your preferences and understand how the site is used.
        Read our <Link href="/company/cookie-policy">Cookie Policy</Link>.
      </p>
      <button type="button" className="btn btn-accent" onClick={() => actorRef.send({ type: 'ACCEPT' })}>
        I Accept
      </button>
    </section>
  );
}
