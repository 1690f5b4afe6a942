// Client-safe public entry of the admin FTP area (issue 29 item 7).
export { breadcrumb, checkFtpPath, childPath, downloadHref, parentPath, type FtpPathCheck } from "./ftp-path";
