import type { SyntheticEvent } from 'react';
import type { SessionUser } from '../../../machines/session/session.machine';

/** The cache-busting value of the profile picture: it changes every minute (spec §3, §9). */
export const avatarVersion = (now = Date.now()) => Math.floor(now / 60_000);

/** The profile picture in storage, keyed by username. */
export const profileImageUrl = (username: string, now = Date.now()) =>
  `/api/user/profile/image/${encodeURIComponent(username)}?v=${avatarVersion(now)}`;

/** Upper-case first letter of the email. */
export const initialOf = (email: string) => (email.trim()[0] ?? '?').toUpperCase();

/**
 * The avatar: the profile picture, then the user's image field, then the upper-case first letter of the
 * email (spec §2, §8). A picture that fails to load steps to the next source; the letter is always
 * underneath, so the last failure simply uncovers it.
 */
export function Avatar({ user, size = 36 }: { user: SessionUser; size?: number }) {
  const fallback = user.image ?? null;
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
      <img
        className="avatar__image"
        src={profileImageUrl(user.username)}
        data-source="profile"
        alt=""
        width={size}
        height={size}
        onError={onError}
      />
    </span>
  );
}
