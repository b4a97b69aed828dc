import type { Tags } from '../../core/tags';

/** `text`: what the last COPY asked to write (null before the first). */
export type CopyContext = { text: string | null };
export type CopyEvent = { type: 'COPY'; text: string };
/** `copying` while the clipboard write runs; `copied` or `error` for a moment after it. */
export type CopyTag = Tags<'error', 'copying' | 'copied'>;
