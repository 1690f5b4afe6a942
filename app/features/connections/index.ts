// Client-safe public entry of the supplier's file servers (SFTP, FTP): the shape of a connection as the
// admin sees it, and the step log the connection tools write.
export { createLog, withTimeout, type Log, type LogLine } from "./logs";
export type { FtpFileEntry, FtpResult, PublicConnection, SftpTestResult } from "./types";
