import pino, { type DestinationStream, type Logger } from "pino";

export type { Logger };

/** Structured JSON logs (stdout unless a destination is given); secrets are redacted wherever they might appear. */
export function createLogger(level: string = process.env.LOG_LEVEL ?? "info", destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: [
        "password",
        "*.password",
        "req.headers.cookie",
        "req.headers.authorization",
        'res.headers["set-cookie"]',
        "smtpUrl",
        "databaseUrl",
        // The S3 store's secret (config.storage), at any depth a config object is logged at.
        "secretAccessKey",
        "*.secretAccessKey",
        "*.*.secretAccessKey",
      ],
      censor: "[verborgen]",
    },
  };
  // Stdout is written synchronously: pino's default buffers and writes behind, and when the reader
  // is slow (a pipe to a busy collector) a line waiting for a retry was lost or came out after later
  // ones at exit ("shutdown step done" for the background jobs after the database's, seen in CI).
  return pino(options, destination ?? pino.destination({ dest: 1, sync: true }));
}
