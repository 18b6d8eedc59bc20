const escapeHtml = (value: string): string =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

/** A small page in the mails' look; no scripts (the CSP forbids inline ones), one form at most. */
export const renderUnsubscribePage = (input: {
  title: string;
  paragraphs: string[];
  form?: { action: string; button: string };
  link?: { label: string; url: string };
}): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(input.title)} · Plansmith</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<style>
body{font-family:Arial,Helvetica,sans-serif;background:#f3f5f9;color:#1f1f1f;margin:0;padding:24px}
main{max-width:560px;margin:40px auto;background:#fff;border-radius:8px;padding:32px;box-shadow:0 1px 2px rgba(0,0,0,.06)}
.brand{font-weight:bold;color:#0958d9;margin:0 0 24px}
h1{font-size:22px;margin:0 0 16px}
p{line-height:1.5;margin:0 0 16px}
button{background:#0958d9;color:#fff;border:0;border-radius:6px;padding:12px 20px;font-size:16px;cursor:pointer}
button:focus-visible{outline:3px solid #91caff;outline-offset:2px}
a{color:#0958d9}
</style></head>
<body><main>
<p class="brand">Plansmith</p>
<h1>${escapeHtml(input.title)}</h1>
${input.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${input.form ? `<form method="post" action="${escapeHtml(input.form.action)}"><button type="submit">${escapeHtml(input.form.button)}</button></form>` : ''}
${input.link ? `<p><a href="${escapeHtml(input.link.url)}">${escapeHtml(input.link.label)}</a></p>` : ''}
</main></body></html>`;
