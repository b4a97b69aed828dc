import type { FastifyInstance } from 'fastify';
import type { Profile } from '../../api/user';
import { badRequest, notFound } from '../errors';
import type { SessionUser } from '../plugins/app/session';
import { repositoryPlugin } from '../plugins/app/repository';
import { reencodeImage, sniffImageType, type ImageType } from '../storage/images';
import { uploadStore } from '../storage/select';
import { bumpProfileImageVersion, clearProfileImageVersion, profileFieldsOf } from './profile';
import { USER_ID } from './settingsLink';

/**
 * A user's profile and profile picture, for the routes of /api/user/profile: the account's fields over this app's
 * database, the picture under profile/<username> where storage/select.ts puts uploads (bucket, PostgreSQL or disk).
 */
export function profileRepository(app: FastifyInstance) {
  const store = uploadStore(app.config, app.database);
  const imageKey = (username: string) => `profile/${username}`;

  /** The profile of a signed-in user: the stored fields, the session's where the account has none. */
  const get = async (user: SessionUser): Promise<Profile> => {
    const row = await profileFieldsOf(app.db, user.username);
    const version = row?.version ?? null;
    return {
      username: user.username,
      email: row?.email ?? user.email,
      role: user.role, // from ADMIN_EMAILS, resolved with the session
      image: row?.image ?? user.image ?? null,
      profileImageUrl:
        version === null ? null : `/api/user/profile/image/${encodeURIComponent(user.username)}?v=${version}`,
    };
  };

  return {
    get,
    /** Stores an uploaded picture as the user's (its URL changes) and answers the profile; 400 when it is empty. */
    setPicture: async (user: SessionUser, upload: Buffer): Promise<Profile> => {
      if (upload.length === 0) throw badRequest('The picture is empty.', { file: 'The picture is empty' });
      // Store only a re-encoded copy: a polyglot (image header + HTML) never reaches the bucket.
      const picture = await reencodeImage(upload);
      await store.put(imageKey(user.username), picture.bytes, picture.type);
      await bumpProfileImageVersion(app.db, user.username);
      return get(user);
    },
    /** Deletes the user's picture (none is fine) and answers the profile. */
    deletePicture: async (user: SessionUser): Promise<Profile> => {
      await store.delete(imageKey(user.username));
      await clearProfileImageVersion(app.db, user.username);
      return get(user);
    },
    /**
     * The picture of a username and its type, null when there is none (an unknown user too, so nothing is
     * revealed); 404 for what cannot be a username.
     */
    picture: async (username: string): Promise<{ bytes: Buffer; type: ImageType } | null> => {
      if (!USER_ID.test(username)) throw notFound('No profile picture.');
      const bytes = await store.get(imageKey(username));
      const type = bytes && sniffImageType(bytes);
      return bytes && type ? { bytes, type } : null;
    },
  };
}

export type ProfileRepository = ReturnType<typeof profileRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    profiles: ProfileRepository;
  }
}

/** The profile repository of this app's database and upload store as `app.profiles`. */
export const profiles = repositoryPlugin('profiles', profileRepository, ['db', 'database', 'config']);
