/** Plain-text and HTML bodies for every mail the product sends. */
export type MailContent = { subject: string; text: string; html: string; code?: string };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const SETTINGS_LABEL = 'Notification settings and unsubscribe';

/** The footer line with the notification-settings / unsubscribe link (works without signing in). */
const textFooter = (settingsLink?: string) =>
  `If you did not ask for this, you can ignore this email.\n${
    settingsLink ? `\n${SETTINGS_LABEL}: ${settingsLink}\n` : ''
  }`;

/** Every mail's HTML: one white card headed by its title, `body` (HTML lines, each ending in a newline) below. */
const mailPage = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;background:#f5f6f8;margin:0;padding:24px;color:#1b1f24">
<table role="presentation" width="100%" style="max-width:520px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<tr><td>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${body}</td></tr></table>
</body></html>`;

function layout(title: string, paragraphs: string[], code: string, settingsLink?: string): string {
  return mailPage(
    title,
    `${paragraphs.map((p) => `<p style="font-size:14px;line-height:20px;margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
<p style="font-size:28px;letter-spacing:6px;font-weight:bold;margin:16px 0">${escapeHtml(code)}</p>
<p style="font-size:12px;color:#5b6470;margin:16px 0 0">If you did not ask for this, you can ignore this email.</p>
${
  settingsLink
    ? `<p style="font-size:12px;color:#5b6470;margin:8px 0 0"><a href="${escapeHtml(settingsLink)}" style="color:#5b6470">${SETTINGS_LABEL}</a></p>\n`
    : ''
}`,
  );
}

/** A mail that carries a code: the paragraphs, then the code, in the text and in the HTML alike. */
function codeMail(subject: string, lines: string[], code: string, settingsLink?: string): MailContent {
  return {
    subject,
    code,
    text: `${lines.join('\n\n')}\n\n${code}\n\n${textFooter(settingsLink)}`,
    html: layout(subject, lines, code, settingsLink),
  };
}

export const verificationMail = (code: string, settingsLink?: string): MailContent =>
  codeMail(
    'Your verification code',
    [
      'Welcome to Sentinel Ratings.',
      'Enter this code to verify your email address. It is valid for 24 hours.',
    ],
    code,
    settingsLink,
  );

export const resetPasswordMail = (code: string, settingsLink?: string): MailContent =>
  codeMail(
    'Your password reset code',
    [
      'Someone asked to reset the password of your Sentinel Ratings account.',
      'Enter this code to choose a new password. It is valid for 1 hour.',
    ],
    code,
    settingsLink,
  );

// ---- alerts about watched projects ----

/** One alert in a mail: what happened, and the project page to see it on. */
export type AlertMailItem = { title: string; body: string; projectName: string; projectUrl: string };

/** The links every alert mail carries, built from configuration (PUBLIC_URL), never from a request. */
export type AlertMailLinks = { notificationsUrl: string; settingsLink: string };

const alertTextFooter = (links: AlertMailLinks) =>
  `You get this because the project is on one of your watchlists.\n` +
  `All your notifications: ${links.notificationsUrl}\n` +
  `${SETTINGS_LABEL}: ${links.settingsLink}\n`;

function alertLayout(
  title: string,
  intro: string | undefined,
  items: AlertMailItem[],
  links: AlertMailLinks,
) {
  const p = (html: string, style = 'font-size:14px;line-height:20px;margin:0 0 12px') =>
    `<p style="${style}">${html}</p>`;
  const itemHtml = (item: AlertMailItem) =>
    `<tr><td style="padding:12px 0;border-top:1px solid #e3e6ea">
${p(`<strong>${escapeHtml(item.title)}</strong>`, 'font-size:15px;line-height:20px;margin:0 0 4px')}
${p(escapeHtml(item.body), 'font-size:14px;line-height:20px;margin:0 0 4px')}
${p(`<a href="${escapeHtml(item.projectUrl)}" style="color:#2557d6">View ${escapeHtml(item.projectName)}</a>`, 'font-size:13px;margin:0')}
</td></tr>`;
  return mailPage(
    title,
    `${intro ? p(escapeHtml(intro)) : ''}
<table role="presentation" width="100%">${items.map(itemHtml).join('\n')}</table>
${p(`<a href="${escapeHtml(links.notificationsUrl)}" style="color:#2557d6">All your notifications</a>`, 'font-size:14px;margin:16px 0 0')}
${p('You get this because the project is on one of your watchlists.', 'font-size:12px;color:#5b6470;margin:16px 0 0')}
${p(`<a href="${escapeHtml(links.settingsLink)}" style="color:#5b6470">${SETTINGS_LABEL}</a>`, 'font-size:12px;color:#5b6470;margin:8px 0 0')}
`,
  );
}

/** One alert, mailed as it happens (alert mail mode 'instant'). */
export function alertMail(item: AlertMailItem, links: AlertMailLinks): MailContent {
  return {
    subject: item.title,
    text: `${item.title}\n\n${item.body}\n\nView ${item.projectName}: ${item.projectUrl}\n\n${alertTextFooter(links)}`,
    html: alertLayout(item.title, undefined, [item], links),
  };
}

/** The alerts of a day or a week in one mail (alert mail modes 'daily' and 'weekly'). */
export function alertDigestMail(
  period: 'daily' | 'weekly',
  items: AlertMailItem[],
  links: AlertMailLinks,
): MailContent {
  const count = `${items.length} ${items.length === 1 ? 'update' : 'updates'}`;
  const subject = `Your ${period} watchlist digest: ${count}`;
  const intro = `What changed on the projects you watch ${period === 'daily' ? 'since yesterday' : 'this past week'}:`;
  const text =
    `${intro}\n\n` +
    items.map((i) => `- ${i.title}\n  ${i.body}\n  ${i.projectUrl}`).join('\n\n') +
    `\n\n${alertTextFooter(links)}`;
  return { subject, text, html: alertLayout(subject, intro, items, links) };
}
