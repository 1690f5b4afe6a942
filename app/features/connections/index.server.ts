// Server services of the supplier's file servers: the stored connections, connecting and the errors
// in the admin's words, and the demo servers a fresh install starts with.
export { connectTarget, getConnection, missingRequired, type Connection } from "./connections.server";
export { cleanFtpError, connectFtp } from "./ftp.server";
export { cleanSshError, fingerprintOf, sftpAuth } from "./sftp.server";
export { startDemoFileServers } from "./demo-servers.server";
