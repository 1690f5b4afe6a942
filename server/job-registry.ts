import type { Config } from "../app/shared/config/env.server";
import type { Db } from "../app/db/client.server";
import { SEARCH_BLOCKS_EVERY_MS, SEARCH_BLOCKS_QUEUE, searchBlocksQueue } from "../app/features/search/index.server";
import { DROPSHIPMENT_QUEUE, dropshipmentQueue } from "../app/features/fulfilment/index.server";
import { IMAGE_MIGRATION_QUEUE, imageMigrationQueue } from "../app/features/image-migration/index.server";
import { storageFor } from "../app/shared/storage/index.server";
import { MAIL_QUEUE, mailQueue } from "../app/features/mail/index.server";
import { RECONCILE_EVERY_MS, RECONCILE_QUEUE, reconcileOpenPayments } from "../app/features/orders/index.server";
import type { PaymentProvider } from "../app/features/payments/index";
import { resolveMailAttachment } from "../app/features/shopper-orders/index.server";
import { STOCK_ALERT_QUEUE, stockAlertQueue } from "../app/features/stock-alerts/index.server";
import {
  FEED_QUEUE,
  FEED_SCHEDULE_EVERY_MS,
  FEED_SCHEDULE_QUEUE,
  feedQueues,
} from "../app/features/supplier-feed/index.server";
import type { Logger } from "../app/shared/logging/logger.server";
import {
  createJobWorker,
  type JobWorker,
  type QueueDefinitions,
  type Schedule,
} from "../app/shared/jobs/worker.server";

export type BackgroundDeps = {
  db: Db;
  config: Config;
  logger: Logger;
  payments: PaymentProvider;
  /** Pause between passes when idle (default 1 s; the browser tests' shop polls faster). */
  pollMs?: number;
};

/**
 * The one job worker of an app instance, with every queue the shop has (ADR 0010). Each instance
 * runs one; they share the jobs table, so each job runs once whichever instance takes it.
 */
export function createBackgroundJobs(deps: BackgroundDeps): {
  worker: JobWorker;
  importWorker: JobWorker;
  searchWorker: JobWorker;
  /** Starts polling on every worker. */
  start: () => void;
  stop: (deadlineMs?: number) => Promise<void>;
} {
  const { db, config, logger, payments } = deps;
  const queues: QueueDefinitions = {};
  const schedules: Schedule[] = [];
  const closers: Array<() => void> = [];

  // Without SMTP the mails wait in the outbox (their jobs stay pending) until SMTP is configured.
  if (config.smtpUrl) {
    const mail = mailQueue({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      resolveAttachment: resolveMailAttachment,
    });
    queues[MAIL_QUEUE] = mail.definition;
    closers.push(mail.close);
  } else {
    logger.info("SMTP_URL not set: e-mails are kept in the outbox, not sent");
  }

  // Paid orders to the supplier (or the built-in test supplier when none is configured).
  queues[DROPSHIPMENT_QUEUE] = dropshipmentQueue({ config, logger });

  // Batches of the image migration tool (/admin/image-migration).
  queues[IMAGE_MIGRATION_QUEUE] = imageMigrationQueue({ config, storage: storageFor(config, "images") });

  // "Weer leverbaar" mails, queued by the database when stock comes back (migration 0021).
  queues[STOCK_ALERT_QUEUE] = stockAlertQueue({ db, publicUrl: config.publicUrl });

  queues[RECONCILE_QUEUE] = {
    backoff: { baseMs: 60_000, maxMs: 60_000 },
    leaseMs: 10 * 60_000,
    run: async (_payload, { logger: log }) => {
      const summary = await reconcileOpenPayments({ db, payments, logger: log, config });
      if (summary.checked) log.info(summary, "open payments reconciled");
    },
  };
  schedules.push({ queue: RECONCILE_QUEUE, everyMs: RECONCILE_EVERY_MS, payload: {} });

  // Supplier feed imports (/admin/feeds) run for minutes: they get a worker of their own, so a pass
  // of the main worker (mails, orders to the supplier) never waits for one. The scheduler that
  // starts due imports is a short job of the main worker.
  const feeds = feedQueues({ db, config, logger });
  queues[FEED_SCHEDULE_QUEUE] = feeds[FEED_SCHEDULE_QUEUE];
  schedules.push({ queue: FEED_SCHEDULE_QUEUE, everyMs: FEED_SCHEDULE_EVERY_MS, payload: {} });

  const worker = createJobWorker({ db, logger, queues, schedules, pollMs: deps.pollMs ?? 1_000 });
  // The imports have this worker to themselves: an upload never waits behind anything but the
  // import before it (issue 27: they waited behind the search summary's refresh).
  const importWorker = createJobWorker({
    db,
    logger,
    queues: { [FEED_QUEUE]: feeds[FEED_QUEUE] },
    pollMs: deps.pollMs ?? 1_000,
    concurrency: 1,
  });
  // The search summary's refresh (search-blocks.server.ts) can take seconds after a large import:
  // a worker of its own, one refresh at a time, beside the imports and the main worker.
  const searchWorker = createJobWorker({
    db,
    logger,
    queues: { [SEARCH_BLOCKS_QUEUE]: searchBlocksQueue({ db }) },
    schedules: [{ queue: SEARCH_BLOCKS_QUEUE, everyMs: SEARCH_BLOCKS_EVERY_MS, payload: {} }],
    pollMs: deps.pollMs ?? 1_000,
    concurrency: 1,
  });
  const workers = [worker, importWorker, searchWorker];
  return {
    worker,
    importWorker,
    searchWorker,
    start: () => {
      for (const w of workers) w.start();
    },
    stop: async (deadlineMs) => {
      await Promise.all(workers.map((w) => w.stop(deadlineMs)));
      for (const close of closers) close();
    },
  };
}
