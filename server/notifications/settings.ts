import { eq } from 'drizzle-orm';
import { ALERT_MAIL_MODES, type AlertMailMode } from '../../api/notifications';
import { DEFAULT_ALERT_MAIL, NOTIFICATION_SETTINGS, type NotificationSettings } from '../../api/user';
import type { Db } from '../db/client';
import { ssoSettings } from '../db/schema/index';

/** Every mail on and alerts mailed as they happen, for users who never saved settings (or saved before a field). */
export const DEFAULT_SETTINGS: NotificationSettings = {
  ...(Object.fromEntries(NOTIFICATION_SETTINGS.map((k) => [k, true])) as Omit<
    NotificationSettings,
    'alertMail'
  >),
  alertMail: DEFAULT_ALERT_MAIL,
};

const isMode = (v: unknown): v is AlertMailMode => (ALERT_MAIL_MODES as readonly unknown[]).includes(v);

/**
 * The settings jsonb (booleans, and since alert mail settings, the `alertMail` string) over the defaults. A field missing
 * from an older row, or a value of the wrong type, reads as its default.
 */
export function mergeSettings(stored: Record<string, unknown> | null | undefined): NotificationSettings {
  const out: NotificationSettings = { ...DEFAULT_SETTINGS };
  for (const key of NOTIFICATION_SETTINGS) {
    const value = stored?.[key];
    if (typeof value === 'boolean') out[key] = value;
  }
  if (isMode(stored?.alertMail)) out.alertMail = stored.alertMail;
  return out;
}

/** One user's notification settings (defaults when never saved). */
export async function settingsOf(db: Db, userId: string): Promise<NotificationSettings> {
  const [row] = await db
    .select({ settings: ssoSettings.settings })
    .from(ssoSettings)
    .where(eq(ssoSettings.userId, userId));
  return mergeSettings(row?.settings);
}

/** Stores the user's whole settings object (a first save inserts the row). */
export async function saveSettings(db: Db, userId: string, settings: NotificationSettings): Promise<void> {
  await db
    .insert(ssoSettings)
    .values({ userId, settings })
    .onConflictDoUpdate({ target: ssoSettings.userId, set: { settings, updatedAt: new Date() } });
}
