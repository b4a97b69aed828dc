import { COPY_MESSAGES } from './copy.machine';
import type { CopyTag } from './copy.types';

/** The copy button's view: busy while writing, and the words the live region says. */
export function connectCopy(snapshot: { hasTag: (tag: CopyTag) => boolean }) {
  const copied = snapshot.hasTag('copied');
  const failed = snapshot.hasTag('error');
  return {
    busy: snapshot.hasTag('copying'),
    copied,
    failed,
    message: copied ? COPY_MESSAGES.copied : failed ? COPY_MESSAGES.failed : '',
  };
}
