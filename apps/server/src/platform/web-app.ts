import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors.js';
import { MEDIA_URL_PREFIX, registerMediaRoute, type FileStorage } from './storage.js';
import { createWebPages } from './web-pages.js';

/**
 * Registers what the server answers besides the API: stored images under `/media/` (from the
 * bucket's public prefix with S3, else from the storage folder, cached 7 days), the built web
 * app's files (hashed `assets/` cached for a year), every client-side route's page
 * (platform/web-pages.ts, rendered with its first answers), and the JSON 404 for anything else.
 * Register it after every module's routes: its `GET /*` and not-found handler come last.
 * @param webDistDir the web app's build (`apps/web/dist`); without an `index.html` there, only
 *   media and the 404 are served.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: { storage: FileStorage; webDistDir?: string | undefined },
): Promise<void> {
  if (options.storage.root === undefined) {
    // Object storage (S3_*): the app streams /media/ from the bucket's public prefix.
    registerMediaRoute(app, options.storage);
  } else {
    fs.mkdirSync(options.storage.root, { recursive: true });
    await app.register(fastifyStatic, {
      root: options.storage.root,
      prefix: MEDIA_URL_PREFIX,
      decorateReply: false,
      dotfiles: 'deny',
      maxAge: '7d',
      immutable: true,
    });
  }

  const webDistDir = options.webDistDir;
  const indexHtml = webDistDir ? path.join(webDistDir, 'index.html') : undefined;
  const hasWeb = indexHtml !== undefined && fs.existsSync(indexHtml);
  const webPages = hasWeb && webDistDir ? createWebPages(app, webDistDir) : undefined;
  if (hasWeb && webDistDir) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  /** Paths no web page answers: the API, uploaded images and files (`/x.js`, `/robots.txt`). */
  const isPagePath = (pathname: string) =>
    !pathname.startsWith('/api/') &&
    !pathname.startsWith(MEDIA_URL_PREFIX) &&
    !/\.[a-z0-9]{1,5}$/i.test(pathname);
  const notFound = (request: FastifyRequest, reply: FastifyReply, pathname: string) =>
    reply.status(404).send(errorBody('NOT_FOUND', `No route for ${request.method} ${pathname}`));

  if (webPages) {
    // Client-side routes (and the web app's own not-found page) are all served by index.html, a
    // storefront page rendered with its first answers inside (platform/web-pages.ts). A route of
    // its own, not the not-found handler, so @fastify/compress compresses the page (a rendered
    // page is ~300 KB of markup that compresses ~10x); static files and the API's own routes
    // are matched first.
    app.get(
      '/*',
      { config: { access: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        const pathname = request.url.split('?')[0] ?? '';
        if (!isPagePath(pathname)) return notFound(request, reply, pathname);
        const page = await webPages.render(request);
        if (page.setCookies.length > 0) reply.header('set-cookie', page.setCookies);
        // private: a page may carry the visitor's own session answer.
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'private, no-cache')
          .send(page.html);
      },
    );
  }

  app.setNotFoundHandler(async (request, reply) =>
    notFound(request, reply, request.url.split('?')[0] ?? ''),
  );
}
