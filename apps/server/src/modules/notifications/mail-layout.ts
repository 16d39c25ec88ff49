import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/*
 * The one look of every notification mail (docs/notifications.md): the content of a message is
 * data (a greeting, paragraphs, label/value lines, one optional button), and both the plain-text
 * and the HTML part are built from it here. The responsive HTML frame comes from MJML, compiled
 * once per process with placeholders (an MJML compile takes tens of milliseconds, too slow for
 * every order); each message fills the placeholders with escaped text.
 */

/** What one notification says; every string is plain text (escaped for the HTML part here). */
export interface NotificationContent {
  subject: string;
  /** 'Namaste Priya,' */
  greeting: string;
  paragraphs: string[];
  /** Label and value rows (order number, amount, items), in order. */
  details?: { label: string; value: string }[];
  /** The one link the reader should follow, shown as a button and as a text line. */
  action?: { label: string; url: string };
}

/** A mail ready for `Mailer.send`/`enqueue`: the subject and both parts. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const BRAND = 'Bazaar';
const FOOTER = 'You receive this mail because of your account or shop on Bazaar.';

const BODY = '@@BODY@@';
const ACTION_URL = '@@ACTION_URL@@';
const ACTION_LABEL = '@@ACTION_LABEL@@';

/** The MJML frame; `withAction` adds the button. Placeholders are filled after compiling. */
function frame(withAction: boolean): string {
  const button = withAction
    ? `<mj-button href="${ACTION_URL}" background-color="#9935b1" border-radius="6px" font-size="15px">${ACTION_LABEL}</mj-button>`
    : '';
  return `<mjml>
  <mj-head>
    <mj-attributes>
      <mj-all font-family="Arial, Helvetica, sans-serif" />
      <mj-text font-size="15px" line-height="1.5" color="#212529" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f1f3f5">
    <mj-section background-color="#9935b1" padding="16px">
      <mj-column><mj-text font-size="22px" font-weight="bold" color="#ffffff">${BRAND}</mj-text></mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="8px 16px">
      <mj-column>
        <mj-text>${BODY}</mj-text>
        ${button}
      </mj-column>
    </mj-section>
    <mj-section padding="8px 16px">
      <mj-column><mj-text font-size="12px" color="#6b7075">${FOOTER}</mj-text></mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

/** Where `mjml` is, for the worker (it resolves nothing relative to this file itself). */
const MJML_PATH = createRequire(import.meta.url).resolve('mjml');

/** The worker's whole program: compile `workerData.mjml`, answer the HTML or the errors. */
const COMPILE_IN_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const mjml2html = require(workerData.mjmlPath);
Promise.resolve()
  .then(() => mjml2html(workerData.mjml, { validationLevel: 'strict' }))
  .then(
    (result) => parentPort.postMessage({
      html: result.html,
      errors: result.errors.map((error) => error.formattedMessage),
    }),
    (error) => parentPort.postMessage({ errors: [String((error && error.message) || error)] }),
  );
`;

/**
 * Compiles MJML to HTML in a worker thread that exits when done.
 * @throws Error with MJML's first message when it reports errors (strict validation).
 */
function compileInWorker(mjml: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(COMPILE_IN_WORKER, {
      eval: true,
      workerData: { mjml, mjmlPath: MJML_PATH },
    });
    worker.once('message', (answer: { html?: string; errors: string[] }) => {
      if (answer.errors.length > 0 || answer.html === undefined) {
        reject(new Error(answer.errors[0] ?? 'MJML answered no HTML'));
      } else {
        resolve(answer.html);
      }
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

const compiled = new Map<boolean, Promise<string>>();

/** The compiled HTML frame, once per process and kind. @throws Error when MJML reports errors. */
function compiledFrame(withAction: boolean): Promise<string> {
  let html = compiled.get(withAction);
  if (!html) {
    html = compileInWorker(frame(withAction));
    // A failed compile is not kept: the next mail tries again.
    html.catch(() => compiled.delete(withAction));
    compiled.set(withAction, html);
  }
  return html;
}

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function textPart(content: NotificationContent): string {
  const parts = [content.greeting, ...content.paragraphs];
  if (content.details?.length) {
    parts.push(content.details.map((row) => `${row.label}: ${row.value}`).join('\n'));
  }
  if (content.action) parts.push(`${content.action.label}:\n${content.action.url}`);
  parts.push(`-- \n${FOOTER}`);
  return `${parts.join('\n\n')}\n`;
}

function htmlBody(content: NotificationContent): string {
  const paragraphs = [content.greeting, ...content.paragraphs]
    .map((paragraph) => `<p>${escapeHtml(paragraph).replaceAll('\n', '<br>')}</p>`)
    .join('');
  const details = content.details?.length
    ? `<table role="presentation" cellpadding="4" style="border-collapse:collapse">${content.details
        .map(
          (row) =>
            `<tr><td style="color:#6b7075;vertical-align:top">${escapeHtml(row.label)}</td>` +
            `<td style="vertical-align:top">${escapeHtml(row.value).replaceAll('\n', '<br>')}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  return paragraphs + details;
}

/**
 * Builds both parts of a notification from its content: the text part (greeting, paragraphs,
 * 'label: value' lines, the action's label and URL, the footer) and the HTML part (the MJML frame
 * with the same content, every value escaped). Resolves in well under a millisecond once the
 * frame is compiled.
 * @throws Error only if the frame itself does not compile (a programming error).
 */
export async function renderMail(content: NotificationContent): Promise<RenderedMail> {
  const frameHtml = await compiledFrame(content.action !== undefined);
  // Functions as replacements: a `$` in a value is never read as a replacement pattern.
  let html = frameHtml.replace(BODY, () => htmlBody(content));
  if (content.action) {
    const { url, label } = content.action;
    html = html
      .replace(ACTION_URL, () => escapeHtml(url))
      .replace(ACTION_LABEL, () => escapeHtml(label));
  }
  return { subject: content.subject, text: textPart(content), html };
}
