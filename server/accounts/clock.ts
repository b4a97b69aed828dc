/**
 * The server's notion of "now", injectable so expiry, cooldown and lockout tests move time instead of sleeping.
 * `app.clock` is one instance per app; tests call `app.clock.advance(ms)` or `app.clock.set(date)`.
 */
export class Clock {
  private offsetMs = 0;
  private fixed: number | undefined;

  now(): Date {
    return new Date(this.fixed ?? Date.now() + this.offsetMs);
  }

  nowMs(): number {
    return this.now().getTime();
  }

  /** Moves time forward (tests). */
  advance(ms: number): void {
    if (this.fixed !== undefined) this.fixed += ms;
    else this.offsetMs += ms;
  }

  /** Freezes time at `date` (tests). */
  set(date: Date): void {
    this.fixed = date.getTime();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}
