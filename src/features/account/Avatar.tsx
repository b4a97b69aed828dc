import { useSelector } from '@xstate/react';
import type { SyntheticEvent } from 'react';
import type { SessionUser } from '../../../machines/auth/session/session.machine';
import { useAppChild } from '../../app/hooks';

/** The cache-busting value of the profile picture: it changes every minute (spec §3, §9). */
export const avatarVersion = (now = Date.now()) => Math.floor(now / 60_000);

/**
 * The profile picture in storage, keyed by username. `changes`: how many times the picture changed in this page (the
 * session actor's count), so a new picture is asked for at once, not the one kept for the minute.
 */
export const profileImageUrl = (username: string, now = Date.now(), changes = 0) =>
  `/api/user/profile/image/${encodeURIComponent(username)}?v=${avatarVersion(now)}${changes ? `.${changes}` : ''}`;

/** Upper-case first letter of the email. */
export const initialOf = (email: string) => (email.trim()[0] ?? '?').toUpperCase();

/**
 * The avatar: the profile picture, then the user's image field, then the upper-case first letter of the
 * email (spec §2, §8). A picture that fails to load steps to the next source; the letter is always
 * underneath, so the last failure simply uncovers it.
 */
export function Avatar({ user, size = 36 }: { user: SessionUser; size?: number }) {
  const fallback = user.image ?? null;
  const changes = useSelector(useAppChild('session'), (s) => s.context.pictureVersion);
  const onError = (event: SyntheticEvent<HTMLImageElement>) => {
    const img = event.currentTarget;
    if (fallback && img.dataset.source === 'profile') {
      img.dataset.source = 'image';
      img.src = fallback;
    } else {
      img.hidden = true;
    }
  };
  return (
    <span className="avatar" style={{ width: size, height: size }} data-part="avatar">
      <span className="avatar__initial" aria-hidden="true">
        {initialOf(user.email)}
      </span>
      {/* A new picture is a new element: one that failed before (no picture then) is shown again. */}
      <img
        key={changes}
        className="avatar__image"
        src={profileImageUrl(user.username, Date.now(), changes)}
        data-source="profile"
        alt=""
        width={size}
        height={size}
        onError={onError}
      />
    </span>
  );
}
