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

function layout(title: string, paragraphs: string[], code: string, settingsLink?: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;background:#f5f6f8;margin:0;padding:24px;color:#1b1f24">
<table role="presentation" width="100%" style="max-width:520px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<tr><td>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p style="font-size:14px;line-height:20px;margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
<p style="font-size:28px;letter-spacing:6px;font-weight:bold;margin:16px 0">${escapeHtml(code)}</p>
<p style="font-size:12px;color:#5b6470;margin:16px 0 0">If you did not ask for this, you can ignore this email.</p>
${
  settingsLink
    ? `<p style="font-size:12px;color:#5b6470;margin:8px 0 0"><a href="${escapeHtml(settingsLink)}" style="color:#5b6470">${SETTINGS_LABEL}</a></p>\n`
    : ''
}</td></tr></table>
</body></html>`;
}

export function verificationMail(code: string, settingsLink?: string): MailContent {
  const subject = 'Your verification code';
  const lines = [
    'Welcome to Sentinel Ratings.',
    'Enter this code to verify your email address. It is valid for 24 hours.',
  ];
  return {
    subject,
    code,
    text: `${lines.join('\n\n')}\n\n${code}\n\n${textFooter(settingsLink)}`,
    html: layout(subject, lines, code, settingsLink),
  };
}

export function resetPasswordMail(code: string, settingsLink?: string): MailContent {
  const subject = 'Your password reset code';
  const lines = [
    'Someone asked to reset the password of your Sentinel Ratings account.',
    'Enter this code to choose a new password. It is valid for 1 hour.',
  ];
  return {
    subject,
    code,
    text: `${lines.join('\n\n')}\n\n${code}\n\n${textFooter(settingsLink)}`,
    html: layout(subject, lines, code, settingsLink),
  };
}
