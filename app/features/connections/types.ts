import type { LogLine } from "./logs";

/** Shared by the server modules and the admin panels (browser code may not import *.server). */
export type ConnectionKind = "sftp" | "ftp";
export const LOGON_TYPES = ["normal", "key", "interactive", "agent"] as const;
export type LogonType = (typeof LOGON_TYPES)[number];

/** What the browser may see of a connection: no secrets, only whether one is stored. */
export type PublicConnection = {
  kind: ConnectionKind;
  host: string;
  port: number;
  user: string;
  logonType: LogonType;
  remotePath: string;
  secure: boolean;
  hostKeySha256: string | null;
  hasPassword: boolean;
  hasPrivateKey: boolean;
};

export type FileUpload = { file: string; path: string; remotePath: string; success: boolean; error: string | null };

export type SftpTestResult = {
  success: boolean;
  message: string;
  details: string | null;
  fileUploads: FileUpload[];
  logs: LogLine[];
  /** The server's host key when it is not (yet) the pinned one: shown to the admin to accept. */
  hostKey: { fingerprint: string; status: "new" | "changed" } | null;
};

/** An FTP file entry (spec 1 §3): type "d" for a directory, "-" for a file, "l" for a link. */
export type FtpFileEntry = { type: "d" | "-" | "l"; name: string; size: number; date: string | null };

export type FtpResult = {
  success: boolean;
  message: string;
  error: string | null;
  files: FtpFileEntry[];
  fileContent: string | null;
  fileName: string | null;
  logs: LogLine[];
};
