import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { connectCookieConsent } from '../../../machines/ui/cookie-consent/cookieConsent.connect';
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
  const view = connectCookieConsent(
    useSelector(actorRef, (s) => s),
    actorRef.send,
  );
  if (!view.open) return null;
  return (
    <section className="cookie-notice on-dark" {...view.getRootProps()}>
      <p>
        We use cookies to keep you signed in, remember your preferences and understand how the site is used.
        Read our <Link href="/company/cookie-policy">Cookie Policy</Link>.
      </p>
      <button className="btn btn-accent" {...view.getAcceptButtonProps()}>
        I Accept
      </button>
    </section>
  );
}
