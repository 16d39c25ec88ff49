import { randomUUID } from 'node:crypto';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import { fromNodeHeaders } from 'better-auth/node';
import {
  validatorCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Database } from './db/client.js';
import { createCatalogService } from './modules/catalog/catalog.service.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { createShopCatalogService } from './modules/shop-catalog/shop-catalog.service.js';
import { shopCatalogRoutes } from './modules/shop-catalog/routes.js';
import { contactRoutes } from './modules/contact/routes.js';
import { createContactService } from './modules/contact/contact.service.js';
import { healthRoutes } from './modules/health/routes.js';
import { createAccountsService } from './modules/accounts/accounts.service.js';
import { accountsRoutes } from './modules/accounts/routes.js';
import { createAddressesService } from './modules/addresses/addresses.service.js';
import { addressesRoutes } from './modules/addresses/routes.js';
import { createCartService } from './modules/cart/cart.service.js';
import { cartRoutes } from './modules/cart/routes.js';
import {
  createOrderNotifier,
  createOrdersService,
  createRefundJobs,
} from './modules/orders/orders.service.js';
import { createDeliveryService } from './modules/delivery/delivery.service.js';
import { deliveryRoutes } from './modules/delivery/routes.js';
import { ordersRoutes } from './modules/orders/routes.js';
import { createFulfilmentService } from './modules/fulfilment/fulfilment.service.js';
import { fulfilmentRoutes } from './modules/fulfilment/routes.js';
import { createSupportAdminsService } from './modules/support-admins/support-admins.service.js';
import { supportAdminsRoutes } from './modules/support-admins/routes.js';
import { createSupportService } from './modules/support/support.service.js';
import { supportRoutes } from './modules/support/routes.js';
import { sessionsRoutes } from './modules/sessions/routes.js';
import { createSessionsService } from './modules/sessions/sessions.service.js';
import { createWishlistService } from './modules/wishlist/wishlist.service.js';
import { wishlistRoutes } from './modules/wishlist/routes.js';
import { createReviewsService } from './modules/reviews/reviews.service.js';
import { reviewFormRoutes, reviewsRoutes } from './modules/reviews/routes.js';
import { createBillsService } from './modules/bills/bills.service.js';
import { billsRoutes } from './modules/bills/routes.js';
import { createBillCancelRequestsService } from './modules/bills/bill-cancel-requests.js';
import { creditNotesRoutes } from './modules/credit-notes/routes.js';
import { createCreditNotesService } from './modules/credit-notes/credit-notes.service.js';
import { gstReturnsRoutes } from './modules/gst-returns/routes.js';
import { createGstReturnsService } from './modules/gst-returns/gst-returns.service.js';
import { taxDocumentsRoutes } from './modules/tax-documents/routes.js';
import { settlementsRoutes } from './modules/settlements/routes.js';
import { createSettlementsService } from './modules/settlements/settlements.service.js';
import { createStockService } from './modules/stock/stock.service.js';
import { stockRoutes } from './modules/stock/routes.js';
import { createPaymentsService } from './modules/payments/payments.service.js';
import { paymentsRoutes } from './modules/payments/routes.js';
import { createReportsService } from './modules/reports/reports.service.js';
import { reportsRoutes } from './modules/reports/routes.js';
import { createExportsService } from './modules/exports/exports.service.js';
import { exportsRoutes } from './modules/exports/routes.js';
import { customersRoutes } from './modules/customers/routes.js';
import { createCustomersService } from './modules/customers/customers.service.js';
import { employeesRoutes } from './modules/employees/routes.js';
import { employeeGrantsOf } from './modules/employees/index.js';
import { createJobTitlePermissionsService } from './modules/employees/job-title-permissions.service.js';
import { jobTitlePermissionsRoutes } from './modules/employees/job-title-permissions.routes.js';
import { createEmployeesService } from './modules/employees/employees.service.js';
import { deliveryStaffRoutes } from './modules/employees/delivery-staff.routes.js';
import { businessRoutes } from './modules/business/routes.js';
import { createBusinessService } from './modules/business/business.service.js';
import { createDeliveryStaffService } from './modules/employees/delivery-staff.service.js';
import { auditRoutes } from './modules/audit/routes.js';
import { createDocumentsService } from './modules/documents/documents.service.js';
import {
  createEmailChangeService,
  passwordResetMail,
  verificationMail,
} from './modules/accounts/index.js';
import { documentsRoutes } from './modules/documents/routes.js';
import { ledgerRoutes } from './modules/ledger/routes.js';
import { createLedgerService } from './modules/ledger/ledger.service.js';
import { myWholesaleRoutes } from './modules/my-wholesale/routes.js';
import { createMyWholesaleService } from './modules/my-wholesale/my-wholesale.service.js';
import { shareRoutes } from './modules/share/routes.js';
import { createShareService } from './modules/share/share.service.js';
import { loadBusinessConfig, type BusinessConfig } from './config.js';
import { createRazorpayGateway } from './platform/payments.js';
import { registerAccessControl, type AuthUser } from './platform/access.js';
import { createAuth, resolveAuthSecret } from './platform/auth.js';
import { createCaptchaService } from './platform/captcha.js';
import { createMailer } from './platform/mail.js';
import { registerMultipart } from './platform/multipart.js';
import { registerErrorHandling, registerNulCharacterGuard } from './platform/errors.js';
import { lazyChildLoggerFactory } from './platform/request-logger.js';
import { serializerCompiler } from './platform/serializer.js';
import {
  COMPRESSION_THRESHOLD_BYTES,
  skipCompressionForShortAnswers,
} from './platform/compression.js';
import { registerSecurity, REQUEST_ID_HEADER } from './platform/security.js';
import { answerClientError, answerFrameworkError } from './platform/framework-errors.js';
import { registerOpenApi } from './platform/openapi.js';
import { createJobRunner } from './platform/background-jobs.js';
import { scheduleRepeating } from './platform/scheduled-jobs.js';
import { registerWebApp } from './platform/web-app.js';
import { defaultPrivateStorage, type FileStorage } from './platform/storage.js';

export interface BuildAppOptions {
  database: Database;
  storage: FileStorage;
  /**
   * Files never served under /media/ (employee id proofs); default: `private` beside the
   * uploads folder (`DATA_DIR/private`).
   */
  privateStorage?: FileStorage | undefined;
  /** Folder of the built web app (`apps/web/dist`); when absent only the API is served. */
  webDistDir?: string | undefined;
  /** pino options or false (tests); defaults to info level. Ignored when `loggerInstance` is given. */
  logger?: FastifyServerOptions['logger'];
  /** Seconds-scale reuse of catalog totals and price bounds (ms); 0 turns it off. Default 30 s. */
  catalogSummaryTtlMs?: number;
  /**
   * How often recorded background jobs left undone (a crash, a failure) are run again (ms);
   * default 60 s, 0 turns the round off. New jobs run at once after their commit either way.
   */
  jobRoundIntervalMs?: number;
  /** Proxy hops or addresses whose X-Forwarded-* headers are believed (`TRUST_PROXY`); none by default. */
  trustProxy?: boolean | string;
  /** An existing pino logger (main.ts shares its logger with the app). */
  loggerInstance?: FastifyBaseLogger;
  /** Sign-in, sessions, mail and captcha settings (defaults suit development and tests). */
  accounts?: AccountsOptions;
  /** Online payment (Razorpay) settings; without keys only cash on delivery is offered. */
  payments?: PaymentsOptions;
  /** The seller of record, prefixes and UPI payee; default `loadBusinessConfig()` (BUSINESS_*, UPI_*). */
  business?: BusinessConfig;
  /** `SHARE_LINK_DAYS`: how long a shared invoice or statement link stays valid (default 7). */
  shareLinkDays?: number;
}

/** Settings of the payments module (README configuration: RAZORPAY_*). */
export interface PaymentsOptions {
  /** `RAZORPAY_KEY_ID`; online payment is offered only with the key secret too. */
  razorpayKeyId?: string | undefined;
  /** `RAZORPAY_KEY_SECRET`: creates Razorpay orders and checks payment signatures. */
  razorpayKeySecret?: string | undefined;
  /** `RAZORPAY_WEBHOOK_SECRET`: checks webhook signatures; unset: webhooks are refused. */
  razorpayWebhookSecret?: string | undefined;
  /** `RAZORPAY_API_BASE`: a local test double of the Razorpay API (never in production). */
  razorpayApiBase?: string | undefined;
  /**
   * `ONLINE_PAYMENT_HOLD_MINUTES`: how long an unpaid Razorpay order holds its stock (minutes);
   * default UNPAID_ORDER_RELEASE_MINUTES (15). docs/security.md.
   */
  onlineHoldMinutes?: number | undefined;
  /**
   * How often unpaid Razorpay orders past their hold are released (ms); 0 (the default,
   * for tests) turns it off. main.ts runs it every minute.
   */
  unpaidSweepIntervalMs?: number;
}

/** Settings of the accounts module (README configuration: PUBLIC_URL, AUTH_SECRET, SMTP_URL, ...). */
export interface AccountsOptions {
  /** Site origin used in emailed links; default http://localhost:3000. */
  publicUrl?: string | undefined;
  /** Session-signing secret; default: a random one kept in the database. */
  authSecret?: string | undefined;
  /** Secure cookies (production). */
  secureCookies?: boolean;
  /** Mail server URL; unset: mail goes to `mailDir` as `.eml` files, or else the outbox and log. */
  smtpUrl?: string | undefined;
  /**
   * Folder for each mail as an `.eml` file when `smtpUrl` is unset (the server passes
   * `DATA_DIR/mail` outside production); unset: the outbox table and the log only.
   */
  mailDir?: string | undefined;
  mailFrom?: string;
  /** Every captcha's answer (CAPTCHA_TEST_CODE, tests only). */
  captchaTestCode?: string | undefined;
  /** Sign-in, registration and OTP requests a minute from one address (default 30). */
  authRateLimitPerMinute?: number;
  /** How often unsent mail is retried from the outbox (ms); 0 turns it off. Default 60 s. */
  mailRetryIntervalMs?: number;
  /** Seconds between two password-reset mails to one account; default 60, 0 turns it off. */
  passwordResetCooldownSeconds?: number;
}

/** Request parts never written to the log (no secrets in logs: docs/platform.md "Errors"). */
export const LOG_REDACT_PATHS = ['req.headers.authorization', 'req.headers.cookie'];

/** Logger levels at which the per-request 'request completed' line is written. */
const INFO_OR_FINER = new Set(['info', 'debug', 'trace']);

/**
 * An `x-request-id` the caller (a load balancer, a support agent) may pass on: only letters,
 * digits and `._-`, at most 64, so a header cannot forge or break a log line (docs/api.md).
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Builds the Fastify instance: validation with the shared zod schemas, the error body of
 * docs/api.md, OpenAPI at `/api/openapi.json` and docs at `/api/docs`, every module's
 * routes, stored media under `/media/` and the web app with its client-side routes. Does not
 * listen (main.ts does).
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : {
          logger: options.logger ?? { level: 'info', redact: LOG_REDACT_PATHS },
        }),
    // Fastify's genReqId option; the header is read here, not through `requestIdHeader`, because
    // that option would take any value the caller sends. Otherwise a random UUID.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers[REQUEST_ID_HEADER];
      return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 1_048_576,
    childLoggerFactory: lazyChildLoggerFactory,
    // One log line per request (onResponse hook below) instead of Fastify's two: half the log
    // volume on every request (the framework overhead, docs/performance.md).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: options.trustProxy ?? false,
    // Errors Fastify raises before a route runs, and requests too broken to parse at all.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // The request's one log line, as a hook only when info lines are written at all: at LOG_LEVEL
  // warn (or with logging off) it would run on every request and write nothing.
  if (INFO_OR_FINER.has(app.log.level)) {
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        {
          req: { method: request.method, url: request.url },
          res: { statusCode: reply.statusCode },
          responseTime: reply.elapsedTime,
        },
        'request completed',
      );
      done();
    });
  }
  registerNulCharacterGuard(app);

  const accountsOptions = options.accounts ?? {};
  const publicUrl = accountsOptions.publicUrl ?? 'http://localhost:3000';
  await registerSecurity(app, { publicUrl, production: accountsOptions.secureCookies ?? false });
  const db = options.database.db;
  const mailer = createMailer({
    db,
    smtpUrl: accountsOptions.smtpUrl,
    mailDir: accountsOptions.mailDir,
    from: accountsOptions.mailFrom ?? 'Bazaar <no-reply@bazaar.local>',
    log: app.log,
  });
  const authSecret = await resolveAuthSecret(db, accountsOptions.authSecret);
  const auth = createAuth({
    db,
    secret: authSecret,
    publicUrl,
    secureCookies: accountsOptions.secureCookies ?? false,
    sendVerificationEmail: (link) => mailer.send(verificationMail(link)),
    sendPasswordResetEmail: (link) => mailer.send(passwordResetMail(link)),
  });
  const captcha = createCaptchaService(db, { testCode: accountsOptions.captchaTestCode });
  // What an employee's job title may do, read fresh per request (docs/back-office-people.md).
  const employeeGrants = (user: Pick<AuthUser, 'id'>) => employeeGrantsOf(db, user);
  const accounts = createAccountsService({
    db,
    auth,
    captcha,
    mailer,
    storage: options.storage,
    publicUrl,
    log: app.log,
    passwordResetCooldownSeconds: accountsOptions.passwordResetCooldownSeconds,
    employeeGrants,
  });
  registerAccessControl(
    app,
    (request) => accounts.resolveSession(fromNodeHeaders(request.headers)),
    { employeeGrants },
  );
  if (accountsOptions.smtpUrl || accountsOptions.mailDir) {
    scheduleRepeating(
      app,
      accountsOptions.mailRetryIntervalMs ?? 60_000,
      async () => {
        await mailer.retryUnsent();
      },
      'mail retry failed',
    );
  }

  // GET and HEAD requests have no body that Fastify reads, so their routes skip request
  // decompression, a preParsing hook on every request otherwise (docs/performance.md). Registered
  // before @fastify/compress, whose own onRoute hook reads the setting.
  app.addHook('onRoute', (route) => {
    const bodiless = [route.method].flat().every((method) => method === 'GET' || method === 'HEAD');
    if (bodiless && route.decompress === undefined) route.decompress = false;
  });
  skipCompressionForShortAnswers(app);
  await app.register(fastifyCompress, { threshold: COMPRESSION_THRESHOLD_BYTES });
  await app.register(fastifyRateLimit, { global: false });
  await registerOpenApi(app);

  await app.register(healthRoutes(options.database));
  const catalog = createCatalogService({
    // Read-only: its own pool on PostgreSQL, so browsing never queues behind slow commits.
    db: options.database.readDb,
    storage: options.storage,
    summaryTtlMs: options.catalogSummaryTtlMs,
  });
  await app.register(catalogRoutes(catalog));
  await app.register(
    withMultipart(
      shopCatalogRoutes(createShopCatalogService({ db, storage: options.storage, catalog })),
    ),
  );
  await app.register(contactRoutes(createContactService({ db, captcha })));
  const customers = createCustomersService({ db, mailer, publicUrl });
  await app.register(
    withMultipart(
      accountsRoutes({
        accounts,
        captcha,
        emailChanges: createEmailChangeService({ db, onVerified: customers.applyVerifiedEmail }),
        authRateLimitPerMinute: accountsOptions.authRateLimitPerMinute ?? 30,
      }),
    ),
  );
  const cart = createCartService({ db, storage: options.storage });
  await app.register(cartRoutes(cart));
  await app.register(wishlistRoutes(createWishlistService({ db, storage: options.storage, cart })));
  await app.register(addressesRoutes(createAddressesService({ db })));
  const reviews = createReviewsService({ db, storage: options.storage });
  await app.register(reviewsRoutes(reviews));
  await app.register(withMultipart(reviewFormRoutes(reviews)));
  // Work recorded by transactions and done after their commit, one job at a time
  // (docs/platform.md "Background jobs"); a scheduled round picks up what a crash left.
  const paymentsOptions = options.payments ?? {};
  const gateway =
    paymentsOptions.razorpayKeyId && paymentsOptions.razorpayKeySecret
      ? createRazorpayGateway({
          keyId: paymentsOptions.razorpayKeyId,
          keySecret: paymentsOptions.razorpayKeySecret,
          apiBase: paymentsOptions.razorpayApiBase,
        })
      : null;
  const refundJobs = createRefundJobs({ db, gateway, mailer, publicUrl, log: app.log });
  const jobs = createJobRunner({
    db,
    log: app.log,
    handlers: {
      ...createOrderNotifier({ db, mailer, publicUrl, log: app.log }),
      ...refundJobs.handlers,
    },
  });
  const jobRoundIntervalMs = options.jobRoundIntervalMs ?? 60_000;
  scheduleRepeating(
    app,
    jobRoundIntervalMs,
    async () => {
      await jobs.runPending();
      // Online refunds whose webhook never came (docs/refunds.md "Reconciler").
      if ((await refundJobs.reconcile()) > 0) jobs.wake();
    },
    'background jobs round failed',
  );
  app.addHook('onClose', () => jobs.idle());
  const orders = createOrdersService({ db, storage: options.storage, jobs });
  await app.register(ordersRoutes(orders));
  const bills = createBillsService({ db });
  const business = options.business ?? loadBusinessConfig();
  const documents = createDocumentsService({ db, bills, business });
  await app.register(documentsRoutes(documents));
  await app.register(stockRoutes(createStockService({ db })));
  await app.register(billsRoutes(bills, createBillCancelRequestsService({ db, bills })));
  const creditNotes = createCreditNotesService({ db });
  await app.register(creditNotesRoutes(creditNotes));
  const ledger = createLedgerService({ db, business });
  await app.register(ledgerRoutes(ledger));
  await app.register(
    myWholesaleRoutes(createMyWholesaleService({ db, bills, documents, ledger, creditNotes })),
  );
  await app.register(
    shareRoutes(
      createShareService({
        db,
        documents,
        ledger,
        mailer,
        business,
        secret: authSecret,
        publicUrl,
        linkDays: options.shareLinkDays ?? 7,
      }),
    ),
  );
  await app.register(gstReturnsRoutes(createGstReturnsService({ db })));
  await app.register(taxDocumentsRoutes(db));
  await app.register(settlementsRoutes(createSettlementsService({ db })));
  await app.register(
    fulfilmentRoutes(
      createFulfilmentService({ db, mailer, jobs, storage: options.storage, publicUrl }),
    ),
  );
  await app.register(supportAdminsRoutes(createSupportAdminsService({ db, mailer, publicUrl })));
  await app.register(supportRoutes(createSupportService(db)));
  await app.register(
    sessionsRoutes(
      createSessionsService({
        db,
        requireCurrentPassword: (user, password) => accounts.requireCurrentPassword(user, password),
      }),
    ),
  );
  await app.register(customersRoutes(customers));
  await app.register(
    withMultipart(
      employeesRoutes(
        createEmployeesService({
          db,
          mailer,
          privateStorage: options.privateStorage ?? defaultPrivateStorage(options.storage),
          publicUrl,
        }),
      ),
    ),
  );
  await app.register(jobTitlePermissionsRoutes(createJobTitlePermissionsService({ db })));
  await app.register(deliveryStaffRoutes(createDeliveryStaffService({ db, mailer, publicUrl })));
  await app.register(businessRoutes(createBusinessService({ db, storage: options.storage })));
  await app.register(auditRoutes(db));
  await app.register(deliveryRoutes(createDeliveryService({ db, mailer, publicUrl })));

  const payments = createPaymentsService({
    db,
    gateway,
    webhookSecret: paymentsOptions.razorpayWebhookSecret,
    orders,
    log: app.log,
    holdMinutes: paymentsOptions.onlineHoldMinutes,
  });
  await app.register(paymentsRoutes(payments));
  await app.register(reportsRoutes(createReportsService({ db })));
  await app.register(exportsRoutes(createExportsService({ db })));
  scheduleRepeating(
    app,
    paymentsOptions.unpaidSweepIntervalMs ?? 0,
    async () => {
      const released = await payments.releaseUnpaid();
      if (released > 0) app.log.info({ released }, 'unpaid Razorpay orders released');
    },
    'unpaid order sweep failed',
  );

  await registerWebApp(app, { storage: options.storage, webDistDir: options.webDistDir });

  return app;
}

/**
 * A module's routes with `@fastify/multipart` registered in their scope only: the modules that
 * read multipart forms (seller registration, product images, employee id proofs). The plugin
 * adds a promise-returning onRequest and onResponse hook to every route of its scope (cleaning
 * the temporary files of `saveRequestFiles`, which we never use); registered once for the whole
 * app, every request paid for them (the framework overhead, docs/performance.md). Elsewhere a
 * multipart body is refused with 415 UNSUPPORTED_MEDIA_TYPE, as any type a route does not read.
 */
function withMultipart(routes: FastifyPluginAsyncZod): FastifyPluginAsyncZod {
  return async (scope) => {
    await registerMultipart(scope);
    await scope.register(routes);
  };
}
