/**
 * The resend countdown's view model: a snapshot in, the seconds left, the sentence the auth form shows and the
 * countdown's props out. It takes no send function: the timer listens to nothing, it only counts.
 */
import type { SnapshotFrom } from 'xstate';
import type { resendTimerMachine } from './resendTimer.machine';

export function connectResendTimer(snapshot: SnapshotFrom<typeof resendTimerMachine>) {
  const counting = snapshot.hasTag('counting');
  const remaining = counting ? snapshot.context.remaining : 0;
  return {
    counting,
    remaining,
    /** Spec §9 "Resend-code cooldown". */
    text: `You can resend the code in ${remaining} s.`,
    getCountdownProps: () => ({ className: 'auth-forms__countdown', 'data-part': 'countdown' }),
  };
}
