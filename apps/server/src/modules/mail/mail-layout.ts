/** A message ready to send: both an HTML and a plain-text body (issue 3). */
export type RenderedMail = {
  subject: string;
  html: string;
  text: string;
  links: { label: string; url: string }[];
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
};

const escapeHtml = (value: string): string =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

/**
 * The one layout every Plansmith e-mail uses: a heading, paragraphs, one call-to-action button
 * and a footnote. Every value is escaped; links must be built from PUBLIC_URL, never from a request.
 */
export const renderMail = (input: {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Further links, listed under the paragraphs (e.g. one per plan in a digest). */
  list?: { label: string; url: string; detail?: string }[];
  footnote?: string;
  /** A one-click unsubscribe link: shown at the foot and sent as List-Unsubscribe headers. */
  unsubscribe?: { label: string; url: string };
}): RenderedMail => {
  const paragraphsHtml = input.paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`).join('');
  const actionHtml = input.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(input.action.url)}" style="background:#0958d9;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(input.action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">Or paste this link into your browser:<br>${escapeHtml(input.action.url)}</p>`
    : '';
  const listHtml = input.list?.length
    ? `<ul style="margin:0 0 16px;padding-left:20px;line-height:1.5">${input.list
        .map(
          (entry) =>
            `<li style="margin:0 0 8px"><a href="${escapeHtml(entry.url)}" style="color:#0958d9">${escapeHtml(entry.label)}</a>${entry.detail ? `<br><span style="color:#555">${escapeHtml(entry.detail)}</span>` : ''}</li>`,
        )
        .join('')}</ul>`
    : '';
  const footnoteHtml = input.footnote ? `<p style="margin:24px 0 0;font-size:13px;color:#777">${escapeHtml(input.footnote)}</p>` : '';
  const unsubscribeHtml = input.unsubscribe
    ? `<p style="margin:16px 0 0;font-size:13px;color:#777"><a href="${escapeHtml(input.unsubscribe.url)}" style="color:#777">${escapeHtml(input.unsubscribe.label)}</a></p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f1f1f;background:#f3f5f9;padding:24px"><div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px"><p style="font-weight:bold;color:#0958d9;margin:0 0 24px">Plansmith</p><h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(input.heading)}</h1>${paragraphsHtml}${listHtml}${actionHtml}${footnoteHtml}${unsubscribeHtml}</div></body></html>`;
  const text = [
    input.heading,
    '',
    ...input.paragraphs.flatMap((p) => [p, '']),
    ...(input.list?.length
      ? [...input.list.map((entry) => `- ${entry.label}: ${entry.url}${entry.detail ? `\n  ${entry.detail}` : ''}`), '']
      : []),
    ...(input.action ? [`${input.action.label}: ${input.action.url}`, ''] : []),
    ...(input.footnote ? [input.footnote, ''] : []),
    '— Plansmith',
    ...(input.unsubscribe ? ['', `${input.unsubscribe.label}: ${input.unsubscribe.url}`] : []),
  ].join('\n');
  const links = [
    ...(input.action ? [input.action] : []),
    ...(input.list ?? []).map(({ label, url }) => ({ label, url })),
    ...(input.unsubscribe ? [input.unsubscribe] : []),
  ];
  const headers = input.unsubscribe
    ? { 'List-Unsubscribe': `<${input.unsubscribe.url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
    : undefined;
  return { subject: input.subject, html, text, links, ...(headers ? { headers } : {}) };
};
