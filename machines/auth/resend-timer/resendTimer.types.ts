import type { Tags } from '../../core/tags';

/** Seconds to count down from (the default cooldown without). */
export type ResendTimerInput = { seconds?: number } | undefined;
export type ResendTimerContext = { remaining: number };
export type ResendTimerOutput = { remaining: 0 };
/** `counting` until the cooldown is over. */
export type ResendTimerTag = Tags<never, 'counting'>;
