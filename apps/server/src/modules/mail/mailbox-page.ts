import type { MailboxMessage } from '@plansmith/contract';

const escapeHtml = (value: string): string =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

const STATUS_COLORS: Record<MailboxMessage['Status'], string> = { pending: '#ad6800', sent: '#237804', failed: '#a8071a' };

const renderMessage = (message: MailboxMessage): string => {
  const links = message.Links.map(
    (link) => `<li><a href="${escapeHtml(link.Url)}">${escapeHtml(link.Label)}</a> <code>${escapeHtml(link.Url)}</code></li>`,
  ).join('');
  return `<article aria-label="${escapeHtml(message.Subject)}">
<header><h2>${escapeHtml(message.Subject)}</h2>
<p class="meta">To <strong>${escapeHtml(message.To)}</strong> · ${escapeHtml(message.Kind)} ·
<span style="color:${STATUS_COLORS[message.Status]}">${escapeHtml(message.Status)}</span> ·
<time datetime="${escapeHtml(message.CreatedAt)}">${escapeHtml(message.CreatedAt.replace('T', ' ').slice(0, 19))} UTC</time> ·
<a href="/dev/mailbox/${escapeHtml(message.Id)}">View as HTML</a></p></header>
${links ? `<ul class="links">${links}</ul>` : ''}
<details><summary>Plain text</summary><pre>${escapeHtml(message.Text)}</pre></details>
</article>`;
};

/** The dev mailbox page: every queued message with its links, newest first. No scripts (the CSP forbids inline ones). */
export const renderMailboxPage = (messages: MailboxMessage[]): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dev mailbox · Plansmith</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:Arial,Helvetica,sans-serif;background:#f3f5f9;color:#1f1f1f;margin:0;padding:24px}
main{max-width:880px;margin:0 auto}
h1{font-size:24px;margin:0 0 4px}
.intro{color:#555;margin:0 0 24px}
article{background:#fff;border-radius:8px;padding:16px 20px;margin:0 0 16px;box-shadow:0 1px 2px rgba(0,0,0,.06)}
h2{font-size:18px;margin:0 0 6px}
.meta{margin:0 0 8px;color:#555;font-size:14px}
a{color:#0958d9}
code{font-size:12px;color:#555;word-break:break-all}
pre{white-space:pre-wrap;background:#fafafa;padding:12px;border-radius:6px;font-size:13px}
.links{margin:8px 0;padding-left:20px}
</style></head>
<body><main>
<h1>Dev mailbox</h1>
<p class="intro">Mail Plansmith would send. It is kept here because no SMTP_URL is set; this page does not exist in production. JSON: <a href="/dev/mailbox.json">/dev/mailbox.json</a></p>
${messages.length === 0 ? '<p>No mail yet.</p>' : messages.map(renderMessage).join('\n')}
</main></body></html>`;
