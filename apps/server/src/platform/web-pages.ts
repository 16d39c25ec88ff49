import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  FIRST_PAGE_DATA_ELEMENT_ID,
  firstPageNeeds,
  MANTINE_REST_STYLES_MODULE,
  type FirstPageNeeds,
  type LeadImage,
} from '@bazaar/shared';
import { escapeMarkup } from './markup.js';

/**
 * The web app's pages (docs/decisions/0012-first-page-data.md).
 * Every client-side route is answered with the built `index.html`. For the storefront's first
 * pages (home, search results, a product: `firstPageNeeds` in @bazaar/shared) the server also
 * puts in its `<head>`:
 * - the API answers the page's first render asks for, as JSON in a
 *   `<script type="application/json" id="first-page-data">` (the web app takes each once as its
 *   query's initial data, so the first render needs no request);
 * - `<link rel="modulepreload">` for the lazy chunks the page shows at once (from Vite's
 *   manifest), so they download beside the entry chunk instead of after it;
 * - `<link rel="preload" as="image" fetchpriority="high">` for the page's largest photo, exactly
 *   as its `<img>` asks for it (`srcset` and `sizes`).
 * The answers come from the API's own routes (`app.inject` with the visitor's cookie), so they
 * are what the browser would have been given; any route that does not answer 200 is left out
 * and the browser asks for it as before.
 *
 * Those pages also come rendered: the web app's server bundle (`apps/web/dist-server`, built from
 * `apps/web/src/entry-server.tsx`, loaded on the first page request) renders the page from the same
 * answers into `#root` (marked `data-server-rendered`), and the browser hydrates it
 * (docs/decisions/0014-storefront-first-pages-rendered-on-the-server.md). The lazy chunks'
 * stylesheets are then linked as stylesheets, so the markup is styled at its first paint. Without
 * that bundle, or when a render fails, the page is sent without markup and the browser renders it
 * as before.
 */

/** A page the server bundle rendered: the markup for `#root` and the page's `<title>`. */
interface RenderedPage {
  markup: string;
  title: string | undefined;
}

/** The web app's server bundle (apps/web/src/entry-server.tsx). */
interface PageRenderer {
  renderPage(url: string, answers: Record<string, unknown>): Promise<RenderedPage | undefined>;
}

/** One chunk in Vite's build manifest (`dist/.vite/manifest.json`). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

type Manifest = Record<string, ManifestChunk>;

/** What a page adds to `<head>` and, when rendered on the server, into `#root`. */
interface PageAdditions {
  head: string;
  /** The server's render, or undefined (the browser renders the page). */
  rendered: RenderedPage | undefined;
  setCookies: string[];
}

const ROOT_ELEMENT = '<div id="root"></div>';

/** `<`, `>` and `&` escaped, so no JSON value can close the `<script>` that carries it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function readManifest(webDistDir: string): Manifest {
  const file = path.join(webDistDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return {};
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

/** Every manifest key a chunk needs, itself first (its static imports, depth first). */
function chunkClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) chunkClosure(manifest, imported, seen);
  return seen;
}

/**
 * For a page the browser renders: for each of the page's lazy source modules,
 * `<link rel="modulepreload">` for its chunk and the chunks it imports that the entry has not
 * already loaded, and a style preload for their CSS. For a page the server rendered: only the
 * stylesheets its markup needs at the first paint (not Mantine's remaining styles, which
 * mantine-initial.css makes unnecessary there). No module preloads then: the markup paints
 * without them, and requests started before the first paint would only delay it on a slow
 * network; the web app asks for the chunks when it starts.
 */
function chunkLinks(manifest: Manifest, webModules: string[], rendered: boolean): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loaded = entry ? chunkClosure(manifest, entry) : new Set<string>();
  const wanted = new Set<string>();
  for (const module of webModules) {
    if (rendered && module === MANTINE_REST_STYLES_MODULE) continue;
    for (const key of chunkClosure(manifest, module)) if (!loaded.has(key)) wanted.add(key);
  }
  const links: string[] = [];
  for (const key of wanted) {
    const chunk = manifest[key];
    if (!chunk) continue;
    if (!rendered)
      links.push(`<link rel="modulepreload" crossorigin href="/${escapeMarkup(chunk.file)}">`);
    for (const css of chunk.css ?? [])
      links.push(
        rendered
          ? `<link rel="stylesheet" crossorigin href="/${escapeMarkup(css)}">`
          : `<link rel="preload" as="style" href="/${escapeMarkup(css)}">`,
      );
  }
  return links;
}

/** The classic script that starts the web app on a rendered page (apps/web/public/start-app.js). */
export const START_APP_SCRIPT = '/start-app.js';

/**
 * A page the server rendered paints without its scripts, so its entry chunk is started only once
 * the page has loaded: the entry's `<script type="module">` becomes
 * `<script src="/start-app.js" data-entry="..." defer>`, which adds it on the window's load event
 * (at once when the page has already loaded), after the next frame is painted (at once in a
 * hidden tab). On a slow connection the stylesheets and the largest photo then get the network
 * to themselves, and the browser hydrates right after
 * (docs/decisions/0014-storefront-first-pages-rendered-on-the-server.md). Module preloads left in
 * the page are fetched at low priority.
 */
function startAppAfterLoad(html: string): string {
  return html
    .replace(
      /<script type="module"[^>]*?\ssrc="([^"]+)"[^>]*><\/script>/,
      (_tag, src: string) =>
        `<script src="${START_APP_SCRIPT}" data-entry="${escapeMarkup(src)}" defer></script>`,
    )
    .replace(
      /<link rel="modulepreload"(?![^>]*fetchpriority)/g,
      '<link rel="modulepreload" fetchpriority="low"',
    );
}

function imageLink(image: LeadImage): string {
  const attributes = [
    'rel="preload"',
    'as="image"',
    'fetchpriority="high"',
    `href="${escapeMarkup(image.href)}"`,
  ];
  if (image.srcSet) attributes.push(`imagesrcset="${escapeMarkup(image.srcSet)}"`);
  if (image.sizes) attributes.push(`imagesizes="${escapeMarkup(image.sizes)}"`);
  return `<link ${attributes.join(' ')}>`;
}

/** The page's API answers, through the API's own routes with the visitor's cookie; 200s only. */
async function answersFor(
  app: FastifyInstance,
  request: FastifyRequest,
  needs: FirstPageNeeds,
): Promise<{ answers: Record<string, unknown>; setCookies: string[] }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.headers.cookie) headers.cookie = request.headers.cookie;
  if (request.headers['user-agent']) headers['user-agent'] = request.headers['user-agent'];
  const answers: Record<string, unknown> = {};
  const setCookies: string[] = [];
  const responses = await Promise.all(
    needs.apiPaths.map(async (apiPath) => {
      try {
        const response = await app.inject({
          method: 'GET',
          url: apiPath,
          headers,
          remoteAddress: request.ip,
        });
        return { apiPath, response };
      } catch (error) {
        request.log.warn({ err: error, apiPath }, 'first-page answer failed');
        return { apiPath, response: undefined };
      }
    }),
  );
  for (const { apiPath, response } of responses) {
    if (!response) continue;
    const cookies = response.headers['set-cookie'];
    if (cookies) setCookies.push(...(Array.isArray(cookies) ? cookies : [cookies]));
    if (response.statusCode !== 200) continue;
    try {
      answers[apiPath] = response.json();
    } catch {
      // not JSON: the browser asks for it itself
    }
  }
  return { answers, setCookies };
}

async function loadRenderer(
  app: FastifyInstance,
  webDistDir: string,
): Promise<PageRenderer | undefined> {
  const file = path.join(webDistDir, '..', 'dist-server', 'entry-server.js');
  if (!fs.existsSync(file)) return undefined;
  try {
    return (await import(pathToFileURL(file).href)) as PageRenderer;
  } catch (error) {
    app.log.error(
      { err: error, file },
      'the web app server bundle did not load; pages are sent unrendered',
    );
    return undefined;
  }
}

/**
 * Serves the web app's `index.html` for every client-side route.
 * @returns `render(request)`: the page's HTML and the cookies the API answers set (a refreshed
 *   session), for the reply.
 */
export function createWebPages(app: FastifyInstance, webDistDir: string) {
  const template = fs.readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
  const manifest = readManifest(webDistDir);
  const headEnd = template.indexOf('</head>');
  const rootAt = template.indexOf(ROOT_ELEMENT);
  // Loaded on the first page request: an instance that only answers the API never holds the
  // web app's code (React, Mantine: ~20 MB of heap).
  let renderer: Promise<PageRenderer | undefined> | undefined;
  const loadRendererOnce = () =>
    (renderer ??= rootAt < 0 ? Promise.resolve(undefined) : loadRenderer(app, webDistDir));

  /** The page's markup and title from the server bundle, or undefined (the browser renders it). */
  async function renderedPage(
    request: FastifyRequest,
    answers: Record<string, unknown>,
  ): Promise<RenderedPage | undefined> {
    const bundle = await loadRendererOnce();
    if (!bundle) return undefined;
    try {
      return await bundle.renderPage(`http://page.invalid${request.url}`, answers);
    } catch (error) {
      request.log.warn({ err: error }, 'server render failed; the page is rendered by the browser');
      return undefined;
    }
  }

  async function additions(request: FastifyRequest): Promise<PageAdditions | undefined> {
    const url = new URL(request.url, 'http://page.invalid');
    const needs = firstPageNeeds(url.pathname, url.searchParams);
    if (needs.apiPaths.length === 0 && needs.webModules.length === 0) return undefined;
    const { answers, setCookies } = await answersFor(app, request, needs);
    const rendered = await renderedPage(request, answers);
    const lines: string[] = [];
    const leadBody = needs.leadImage && answers[needs.leadImage.apiPath];
    const leadImage = leadBody === undefined ? undefined : needs.leadImage?.pick(leadBody);
    if (leadImage) lines.push(imageLink(leadImage));
    lines.push(...chunkLinks(manifest, needs.webModules, rendered !== undefined));
    if (Object.keys(answers).length > 0)
      lines.push(
        `<script type="application/json" id="${FIRST_PAGE_DATA_ELEMENT_ID}">${jsonForScript(answers)}</script>`,
      );
    return { head: lines.join('\n    '), rendered, setCookies };
  }

  return {
    /**
     * The page for one client-side route: index.html, with the first-page additions if any.
     * @returns the HTML and the `set-cookie` values of the API answers it carries.
     */
    async render(request: FastifyRequest): Promise<{ html: string; setCookies: string[] }> {
      const extra = headEnd < 0 ? undefined : await additions(request);
      if (!extra) return { html: template, setCookies: [] };
      let html = `${template.slice(0, headEnd)}  ${extra.head}\n  ${template.slice(headEnd)}`;
      const rendered = extra.rendered;
      if (rendered) {
        html = startAppAfterLoad(
          html.replace(
            ROOT_ELEMENT,
            () => `<div id="root" data-server-rendered>${rendered.markup}</div>`,
          ),
        );
        // The page's own title (a product's name) before any script runs.
        if (rendered.title)
          html = html.replace(
            /<title>[^<]*<\/title>/,
            () => `<title>${escapeMarkup(rendered.title ?? '')}</title>`,
          );
      }
      return { html, setCookies: extra.setCookies };
    },
  };
}
