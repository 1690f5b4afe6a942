import pino, { type Logger } from "pino";

export type { Logger };

/** Structured JSON logs; secrets are redacted wherever they might appear. */
export function createLogger(level: string = process.env.LOG_LEVEL ?? "info"): Logger {
  return pino({
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
      ],
      censor: "[verborgen]",
    },
  });
}
